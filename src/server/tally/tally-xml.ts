import type { TallyEntry, TallyVoucher } from '../../engine/core';

/*
 * Issue 49: TallyPrime's XML import file (Import Data, Vouchers). No XML builder is installed, so the few elements
 * are written here, every text through `escaped`: names come from the operator (a party "A & B <Traders>").
 */

/** Text as XML character data: markup characters escaped, characters XML 1.0 cannot hold dropped. */
export function escaped(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

const element = (name: string, text: string) => `<${name}>${escaped(text)}</${name}>`;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function ledgerEntry(entry: TallyEntry): string {
  const bill = (entry.bills ?? [])
    .map((b) => `<BILLALLOCATIONS.LIST>${element('NAME', b.name)}${element('BILLTYPE', b.type)}${element('AMOUNT', b.amount)}</BILLALLOCATIONS.LIST>`)
    .join('');
  return `<ALLLEDGERENTRIES.LIST>${element('LEDGERNAME', entry.ledger)}${element('ISDEEMEDPOSITIVE', yesNo(entry.deemedPositive))}${element('AMOUNT', entry.amount)}${bill}</ALLLEDGERENTRIES.LIST>`;
}

function voucher(v: TallyVoucher): string {
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="${escaped(v.voucherType)}" ACTION="Create">`,
    element('DATE', v.date),
    element('VOUCHERTYPENAME', v.voucherType),
    element('VOUCHERNUMBER', v.number),
    element('PARTYLEDGERNAME', v.party),
    ...(v.partyGstin ? [element('PARTYGSTIN', v.partyGstin)] : []),
    ...(v.placeOfSupply ? [element('PLACEOFSUPPLY', v.placeOfSupply)] : []),
    element('ISCANCELLED', yesNo(v.cancelled)),
    ...v.entries.map(ledgerEntry),
    '</VOUCHER></TALLYMESSAGE>',
  ].join('');
}

const OPENING = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>',
  '<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>',
];
const CLOSING = '</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>';

/**
 * The import file as lines, one VOUCHER each, written as they are asked for: the server streams a month of 8,000
 * vouchers line by line rather than holding the whole file as one string.
 */
export function* tallyXmlLines(vouchers: Iterable<TallyVoucher>): Generator<string> {
  for (const line of OPENING) yield `${line}\n`;
  for (const v of vouchers) yield `${voucher(v)}\n`;
  yield `${CLOSING}\n`;
}

/** The import file of the vouchers, one VOUCHER each, one per line. */
export function tallyXml(vouchers: TallyVoucher[]): string {
  return [...tallyXmlLines(vouchers)].join('');
}
