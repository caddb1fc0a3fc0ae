// The runtime written beside generated code as _runtime.<hash>.ts (one file that imports
// nothing): src/emit/runtime-build.ts joins the modules this entry reaches into it, and it
// exports what this entry exports: the values generated code calls as rt.<name> (the emitters
// in src/emit name them) and the types its declarations name. Helpers the runtime uses only
// inside itself stay unexported; harness, adapters and tests import rt/<module>.js directly.
export type { Bucket, Sink, ValidationError, ReportDict, Repair, ValidationReport, FeedbackStyle, ErrorOrder } from "./report.js";
export { okReport, errorReport, orderedReport } from "./report.js";
export { byPath } from "./order.js";
export type { CoerceMode, NormalizeMode, NormalizeResult, OutputCheck, StandardSchemaV1, Tool } from "./tool.js";
export { callReport, makeTool, outputCheck, coercing, toolsetOf } from "./tool.js";
export { work, WORK_MAX, probing, fitsPlace, rootEntries } from "./budget.js";
export { pk, pi } from "./text.js";
export { workErr, unjudged, typeErr, optTypeErr, missing, enumErr, limitErr, multipleErr, sizeErr, patternErr, formatErr, uniqueErr, constraintErr, falseErr, orNull, nullOptional, overrideMessages, depthErr, fromAjv } from "./messages.js";
export { unknownKey } from "./unknown-keys.js";
export type { Alternative } from "./combinators.js";
export { pickBranch, oneOfMany } from "./combinators.js";
// Not called by generated code: suggest.ts is joined whole, and this is its entry for the code
// outside it (harness, CLI); unexported it would be a declaration nothing reads.
export { suggestName } from "../suggest.js";
export { ucs2length, isMultipleOf, hasOwn } from "./predicates.js";
export type { LinearRegex } from "./linear.js";
export { linearRegex } from "./linear.js";
export { deepEqual, firstDuplicate } from "./equality.js";
export { compareFails, compareErr } from "./compare.js";
export type { ScopeBinding, DynamicScope } from "./scope.js";
export { enterScope, dynamicTarget } from "./scope.js";
// Format checks: the generated code calls fmt_<format> (src/emit/validator/keywords/string.ts).
export { fmt_date_time, fmt_date, fmt_time, fmt_duration } from "./formats-time.js";
export { fmt_ipv4, fmt_ipv6 } from "./formats-ip.js";
export { fmt_uri, fmt_uri_reference, fmt_iri, fmt_iri_reference, fmt_uri_template } from "./formats-uri.js";
export { fmt_hostname, fmt_idn_hostname } from "./formats-hostname.js";
export { fmt_email, fmt_idn_email } from "./formats-email.js";
export { fmt_uuid, fmt_json_pointer, fmt_relative_json_pointer, fmt_regex, fmt_int32, fmt_int64, fmt_float, fmt_double } from "./formats.js";
export { fmt_uuid1, fmt_uuid3, fmt_uuid4, fmt_uuid5, fmt_uuid6, fmt_uuid7, fmt_uuid8, fmt_json_string, fmt_ipvanyaddress, fmt_ipv4interface, fmt_ipv6interface, fmt_ipvanyinterface, fmt_ipv4network, fmt_ipv6network, fmt_ipvanynetwork, fmt_multi_host_uri, fmt_byte, fmt_base64, fmt_base64url, fmt_char, fmt_date_time_local, fmt_http_date, fmt_zoneinfo, fmt_fraction, fmt_name_email, fmt_int8, fmt_int16, fmt_uint8, fmt_uint16, fmt_uint32, fmt_uint64, fmt_double_int } from "./formats-extra.js";
export type { NzFunction, NzPropRow } from "./normalize.js";
export { nzSet, nzItem, nzOwn, nzProps, nzContainer, nzItems, nzSpelling, nzToSpelling, nzToString, nzToInteger, nzToNumber, nzToBoolean, NZ_STRING, NZ_INTEGER, NZ_NUMBER, NZ_BOOLEAN, NZ_NULL, NZ_ARRAY, NZ_OBJECT, nzCast, nzEntry, NZ_ABORT, nzFold } from "./normalize.js";
export type { ProviderPlan, ToolPlan, ProviderTable } from "./provider.js";
export { fromProviderCall, toProviderCall } from "./provider.js";
