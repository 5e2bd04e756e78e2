/**
 * The officially assigned ISO 3166-1 alpha-2 codes (249, as published by the ISO 3166
 * Maintenance Agency; the same set as tzdata's iso3166.tab). Changing this list changes which
 * transactions are valid, so it is part of consensus and changes only with a chain upgrade.
 */
const ASSIGNED = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`;

export const ISO3166_ASSIGNED: ReadonlySet<string> = new Set(ASSIGNED.trim().split(/\s+/));

/**
 * Codes ISO 3166-1 keeps out of assignment: user-assigned (AA, QM–QZ, XA–XZ, ZZ) and the
 * exceptionally / transitionally / indeterminately reserved ones. None is ever assigned.
 */
const RESERVED_LIST = `
AA QM QN QO QP QQ QR QS QT QU QV QW QX QY QZ
XA XB XC XD XE XF XG XH XI XJ XK XL XM XN XO XP XQ XR XS XT XU XV XW XX XY XZ ZZ
AC CP CQ DG EA EU EZ FX IC SU TA UK UN
AN BU CS NT TP YU ZR DY EW FL JA LF PI RA RB RC RH RI RL RM RN RP WG WL WV YV
`;

export const ISO3166_RESERVED: ReadonlySet<string> = new Set(RESERVED_LIST.trim().split(/\s+/));

/** Exact match only: lower-case or padded forms are not assigned codes. */
export function isAssignedCountry(code: string): boolean {
  return ISO3166_ASSIGNED.has(code);
}

export function isReservedCountry(code: string): boolean {
  return ISO3166_RESERVED.has(code);
}

/**
 * A country code as accepted from a user: any letter case, stored upper-case. Returns the
 * stored spelling, or undefined when the upper-cased code is not assigned. Only ASCII letters
 * are folded, so a non-ASCII look-alike never becomes a valid code.
 */
export function canonicalCountry(input: string): string | undefined {
  if (!/^[A-Za-z]{2}$/.test(input)) return undefined;
  const code = input.toUpperCase();
  return ISO3166_ASSIGNED.has(code) ? code : undefined;
}
