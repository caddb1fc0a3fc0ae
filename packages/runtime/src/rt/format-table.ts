// Every format check by its format name: for code that looks formats up by name (the tests
// check the vocabulary against these tables). Generated code calls each fmt_<name> directly,
// so this module is not part of the runtime joined into it (rt/index.ts does not import it).
import { fmt_date, fmt_date_time, fmt_duration, fmt_time } from "./formats-time.js";
import { fmt_ipv4, fmt_ipv6 } from "./formats-ip.js";
import { fmt_iri, fmt_iri_reference, fmt_uri, fmt_uri_reference, fmt_uri_template } from "./formats-uri.js";
import { fmt_hostname, fmt_idn_hostname } from "./formats-hostname.js";
import { fmt_email, fmt_idn_email } from "./formats-email.js";
import { fmt_json_pointer, fmt_regex, fmt_relative_json_pointer, fmt_uuid } from "./formats.js";
import { fmt_base64, fmt_base64url, fmt_byte, fmt_char, fmt_date_time_local, fmt_double_int, fmt_fraction, fmt_http_date, fmt_int16, fmt_int8, fmt_ipv4interface, fmt_ipv4network, fmt_ipv6interface, fmt_ipv6network, fmt_ipvanyaddress, fmt_ipvanyinterface, fmt_ipvanynetwork, fmt_json_string, fmt_multi_host_uri, fmt_name_email, fmt_uint16, fmt_uint32, fmt_uint64, fmt_uint8, fmt_uuid1, fmt_uuid3, fmt_uuid4, fmt_uuid5, fmt_uuid6, fmt_uuid7, fmt_uuid8, fmt_zoneinfo } from "./formats-extra.js";

/** Every string format toolform checks, by name (the number formats are not here). A null-prototype object: "constructor" and the like are not formats. */
export const FORMAT_CHECKS: { readonly [format: string]: (s: string) => boolean } = Object.freeze(
  Object.assign(Object.create(null) as { [format: string]: (s: string) => boolean }, {
    "date-time": fmt_date_time,
    date: fmt_date,
    time: fmt_time,
    duration: fmt_duration,
    email: fmt_email,
    "idn-email": fmt_idn_email,
    hostname: fmt_hostname,
    "idn-hostname": fmt_idn_hostname,
    ipv4: fmt_ipv4,
    ipv6: fmt_ipv6,
    uri: fmt_uri,
    "uri-reference": fmt_uri_reference,
    iri: fmt_iri,
    "iri-reference": fmt_iri_reference,
    "uri-template": fmt_uri_template,
    uuid: fmt_uuid,
    "json-pointer": fmt_json_pointer,
    "relative-json-pointer": fmt_relative_json_pointer,
    regex: fmt_regex,
  }),
);

/** The string checks of formats-extra.ts by format name (a null-prototype object, as FORMAT_CHECKS). */
export const EXTRA_FORMAT_CHECKS: { readonly [format: string]: (s: string) => boolean } = Object.freeze(
  Object.assign(Object.create(null) as { [format: string]: (s: string) => boolean }, {
    uuid1: fmt_uuid1, uuid3: fmt_uuid3, uuid4: fmt_uuid4, uuid5: fmt_uuid5, uuid6: fmt_uuid6, uuid7: fmt_uuid7, uuid8: fmt_uuid8,
    "json-string": fmt_json_string,
    ipvanyaddress: fmt_ipvanyaddress, ipvanyinterface: fmt_ipvanyinterface, ipvanynetwork: fmt_ipvanynetwork,
    ipv4interface: fmt_ipv4interface, ipv6interface: fmt_ipv6interface, ipv4network: fmt_ipv4network, ipv6network: fmt_ipv6network,
    "multi-host-uri": fmt_multi_host_uri,
    byte: fmt_byte, base64: fmt_base64, base64url: fmt_base64url,
    char: fmt_char, "date-time-local": fmt_date_time_local, "http-date": fmt_http_date,
    zoneinfo: fmt_zoneinfo, fraction: fmt_fraction, "name-email": fmt_name_email,
  }),
);

/** The number checks of formats-extra.ts by format name. */
export const EXTRA_NUMBER_CHECKS: { readonly [format: string]: (v: number) => boolean } = Object.freeze(
  Object.assign(Object.create(null) as { [format: string]: (v: number) => boolean }, {
    int8: fmt_int8, int16: fmt_int16, uint8: fmt_uint8, uint16: fmt_uint16, uint32: fmt_uint32, uint64: fmt_uint64, "double-int": fmt_double_int,
  }),
);
