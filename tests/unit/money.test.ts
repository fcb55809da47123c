import { describe, expect, it } from 'vitest';
import { formatIndian, fromPaise, lineAmount, paiseText, paiseToNumber, parseDecimal, roundToRupee, sum, toDecimal } from '../../src/engine/core';
import { amountInWords } from '../../src/engine/core/words';

describe('money is exact', () => {
  it('multiplies qty by rate in decimal and rounds half-up to 2 places', () => {
    expect(lineAmount('0.1', '3')).toBe('0.30');
    expect(lineAmount(0.1, 3)).toBe('0.30');
    expect(lineAmount('2.5', '1999.99')).toBe('4999.98');
    expect(lineAmount('1.005', '1')).toBe('1.01');
    expect(lineAmount('0.125', '1')).toBe('0.13');
    expect(lineAmount('3', '33.333')).toBe('100.00');
    expect(lineAmount('', '3')).toBe('');
    expect(lineAmount('abc', '3')).toBe('');
  });

  it('sums without binary floating point error', () => {
    expect(sum(['0.1', '0.2'].map(toDecimal)).toFixed(2)).toBe('0.30');
    expect(sum(Array.from({ length: 1000 }, () => toDecimal('0.01'))).toFixed(2)).toBe('10.00');
  });

  it('parses numbers and input text, and nothing else', () => {
    expect(parseDecimal(' 12.50 ')?.toFixed()).toBe('12.5');
    expect(parseDecimal('1e3')?.toFixed()).toBe('1000');
    for (const bad of ['', ' ', 'abc', '1,000', NaN, Infinity, null, undefined, {}]) expect(parseDecimal(bad)).toBeNull();
  });

  it('rounds to the rupee with a round-off line', () => {
    const up = roundToRupee(toDecimal('5900.50'));
    expect([up.grandTotal.toFixed(2), up.roundOff.toFixed(2)]).toEqual(['5901.00', '0.50']);
    const down = roundToRupee(toDecimal('5900.28'));
    expect([down.grandTotal.toFixed(2), down.roundOff.toFixed(2)]).toEqual(['5900.00', '-0.28']);
  });

  it('groups digits the Indian way', () => {
    expect(formatIndian('123456')).toBe('1,23,456.00');
    expect(formatIndian('12345678.5')).toBe('1,23,45,678.50');
    expect(formatIndian('999')).toBe('999.00');
    expect(formatIndian('1000')).toBe('1,000.00');
    expect(formatIndian('-100000')).toBe('-1,00,000.00');
    expect(formatIndian('0')).toBe('0.00');
  });
});

describe('amount in words, Indian system', () => {
  it.each([
    ['0', 'Zero Rupees Only'],
    ['1', 'One Rupee Only'],
    ['100000', 'One Lakh Rupees Only'],
    ['12345678.50', 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees and Fifty Paise Only'],
    ['0.29', 'Zero Rupees and Twenty Nine Paise Only'],
    ['10000000', 'One Crore Rupees Only'],
    ['101', 'One Hundred One Rupees Only'],
    ['-1999.05', 'Minus One Thousand Nine Hundred Ninety Nine Rupees and Five Paise Only'],
    // Above 99 crore the crores count on, as Tally and Indian cheques write them (not "Arab").
    ['12345678901.50', 'One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One Rupees and Fifty Paise Only'],
  ])('%s -> %s', (amount, words) => {
    expect(amountInWords(toDecimal(amount))).toBe(words);
  });
});

describe('whole paise to money, as reports write it', () => {
  it('answers the number that parsing the exact decimal gives, for every paise amount near the edges', () => {
    const amounts = [0, 1, -1, 5, -5, 99, 100, 101, 123456, -123456, 1999999, 10_000_000_00, 9_007_199_254_740_991, -9_007_199_254_740_991];
    for (let paise = -20_000; paise <= 20_000; paise += 7) amounts.push(paise, paise * 1_000_003);
    for (const paise of amounts) {
      const text = fromPaise(paise).toFixed(2);
      expect(paiseText(paise), `${paise} paise as text`).toBe(text);
      expect(paiseToNumber(paise), `${paise} paise as a number`).toBe(Number(text));
    }
  });

  it('reads paise given as text (PostgreSQL answers bigint so) and beyond what a double holds', () => {
    expect(paiseToNumber('123456')).toBe(1234.56);
    expect(paiseText('-5')).toBe('-0.05');
    expect(paiseText('123456789012345678')).toBe('1234567890123456.78');
  });
});
