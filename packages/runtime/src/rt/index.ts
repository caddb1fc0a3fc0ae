// The runtime written beside generated code as _runtime.<hash>.ts (one file that imports
// nothing): src/emit/runtime-build.ts joins these modules into it, and it exports what this
// entry exports. Everything here runs only on the error path, except the small predicates
// (ucs2length, deepEqual, formats) that the fast path calls.
export type { Bucket, Sink, ValidationError, ReportDict, Repair, ValidationReport, FeedbackStyle, ErrorOrder } from "./report.js";
export { okReport, errorReport, orderedReport, unknownToolReport, unreadableCallReport } from "./report.js";
export { byPath } from "./order.js";
export type { CoerceMode, NormalizeMode, NormalizeResult, OutputCheck, StandardSchemaV1, Tool } from "./tool.js";
export { callReport, makeTool, outputCheck, coercing } from "./tool.js";
export { work, WORK_MAX, probing, fitsPlace } from "./budget.js";
export { pathKeys, quote, pk, pi, clip, jsonType, show, describe } from "./text.js";
export { workErr, unjudged, typeErr, optTypeErr, missing, enumErr, limitErr, multipleErr, sizeErr, patternErr, formatErr, uniqueErr, constraintErr, falseErr, orNull, nullOptional, overrideMessages, depthErr, fromAjv } from "./messages.js";
export { unknownKey } from "./unknown-keys.js";
export type { Alternative } from "./combinators.js";
export { pickBranch, oneOfMany } from "./combinators.js";
// The matcher's one-name answer ("did you mean …?"): the errors ask it by list index (sgSuggestIndex), harness code (and toolform's CLI) by name.
export { suggestName } from "../suggest.js";
export { ucs2length, isMultipleOf, hasOwn } from "./predicates.js";
export type { LinearRegex } from "./linear.js";
export { linearRegex } from "./linear.js";
export { deepEqual, firstDuplicate } from "./equality.js";
export { compareFails, compareErr } from "./compare.js";
export type { ScopeBinding, DynamicScope } from "./scope.js";
export { enterScope, dynamicTarget } from "./scope.js";
export { fmtD2, fmtFullDate, fmtFullTime, fmt_date_time, fmt_date, fmt_time, FORMAT_RE_DURATION, fmt_duration, FORMAT_RE_IPV4, FORMAT_RE_IPV4_TAIL, fmt_ipv4, fmtIsHex, fmt_ipv6, FORMAT_RE_UUID, fmt_uuid, fmtTildesOk, fmt_json_pointer, fmt_relative_json_pointer, FORMAT_REGEX_CACHE, fmt_regex, FORMAT_URI_UNRESERVED_SUB, FORMAT_IRI_UCSCHAR, FORMAT_IRI_IPRIVATE, fmtUriSources, FORMAT_URI_SRC, FORMAT_IRI_SRC, FORMAT_RE_URI, FORMAT_RE_URI_RELATIVE, FORMAT_RE_IRI, FORMAT_RE_IRI_RELATIVE, fmtIpLiteralOk, fmt_uri, fmt_uri_reference, fmt_iri, fmt_iri_reference, FORMAT_RE_URI_TEMPLATE, fmt_uri_template, FORMAT_RE_HOSTNAME, FORMAT_RE_LDH_LABEL, FORMAT_RE_XN_LABEL, FORMAT_RE_ASCII, FORMAT_RE_IDN_DOTS, FORMAT_RE_IDNA_CODEPOINTS, FORMAT_RE_LEADING_MARK, FORMAT_RE_IDNA_CONTEXT, FORMAT_RE_RTL, FORMAT_RE_NSM, FORMAT_RE_LETTERLIKE, FORMAT_RE_LETTER, FORMAT_RE_JOIN_T, FORMAT_RE_GREEK, FORMAT_RE_HEBREW, FORMAT_RE_KANA_HAN, FORMAT_VIRAMAS, FORMAT_JOIN_R, FORMAT_JOIN_U, FORMAT_JOIN_SCRIPTS, fmtInRanges, fmtJoiningType, FORMAT_BIDI_ON, fmtBidiClass, fmtHasRtl, fmtBidiRuleOk, fmtContextOk, fmtULabelOk, fmtPunyAdapt, fmtPunyDecode, fmtPunyEncode, fmtDomainOk, fmt_hostname, fmt_idn_hostname, FORMAT_RE_EMAIL_LOCAL, FORMAT_RE_IDN_EMAIL_LOCAL, FORMAT_RE_IPV6_TAG, fmtUtf8Length, FORMAT_RE_EMAIL_SIMPLE, FORMAT_RE_EMAIL_XN, fmtMailboxOk, fmt_email, fmt_idn_email, fmt_int32, fmt_int64, fmt_float, fmt_double, FORMAT_CHECKS } from "./formats.js";
export { fmtUuidVersion, fmt_uuid1, fmt_uuid3, fmt_uuid4, fmt_uuid5, fmt_uuid6, fmt_uuid7, fmt_uuid8, fmt_json_string, fmt_ipvanyaddress, fmtIpv4Value, fmtIpv6Groups, fmtPrefix, fmtIpv4Prefix, fmt_ipv4interface, fmt_ipv6interface, fmt_ipvanyinterface, fmt_ipv4network, fmt_ipv6network, fmt_ipvanynetwork, FORMAT_RE_AUTHORITY, fmt_multi_host_uri, FORMAT_RE_BASE64, FORMAT_RE_BASE64URL, fmt_byte, fmt_base64, fmt_base64url, fmt_char, fmtPartialTime, fmt_date_time_local, FORMAT_RE_HTTP_DATE, FORMAT_MONTHS, FORMAT_DAYS, fmt_http_date, FORMAT_RE_ZONEINFO, fmt_zoneinfo, FORMAT_RE_FRACTION, fmt_fraction, fmt_name_email, fmt_int8, fmt_int16, fmt_uint8, fmt_uint16, fmt_uint32, fmt_uint64, fmt_double_int, EXTRA_FORMAT_CHECKS, EXTRA_NUMBER_CHECKS } from "./formats-extra.js";
export type { NzFunction, NzPropRow } from "./normalize.js";
export { NZ_LENIENT, NZ_NORMALIZED, NZ_COMPARE, nzNumber, nzBoolean, nzJson, nzEnum, nzScalar, nzFix, nzFixAt, nzCopy, nzSet, nzDrop, nzItem, nzOwn, nzProp, nzProps, nzContainer, nzItems, nzSpellings, nzSpelling, nzToString, nzToInteger, nzToNumber, nzToBoolean, NZ_STRING, NZ_INTEGER, NZ_NUMBER, NZ_BOOLEAN, NZ_NULL, NZ_ARRAY, NZ_OBJECT, nzCast, nzEntry, NZ_ABORT, nzFold } from "./normalize.js";
export type { ProviderPlan, ToolPlan, ProviderTable } from "./provider.js";
export { fromProviderArgs, toProviderArgs, fromProviderCall, toProviderCall } from "./provider.js";
