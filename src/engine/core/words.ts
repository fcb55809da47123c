import { round2, type Money } from './money';

const BELOW_TWENTY = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
/** The Indian system's places, largest first. Above 99 crore the crores are counted on ("One Hundred Crore"), as Tally prints. */
const PLACES: [bigint, string][] = [
  [10_000_000n, 'Crore'],
  [100_000n, 'Lakh'],
  [1_000n, 'Thousand'],
  [100n, 'Hundred'],
];

function belowHundred(n: number): string[] {
  if (n < 20) return [BELOW_TWENTY[n]];
  return n % 10 ? [TENS[Math.floor(n / 10)], BELOW_TWENTY[n % 10]] : [TENS[n / 10]];
}

/** A whole number in words, no "and": 120345 -> "One Lakh Twenty Thousand Three Hundred Forty Five". */
function wholeInWords(n: bigint): string[] {
  for (const [place, name] of PLACES) {
    if (n >= place) {
      const rest = n % place;
      return [...wholeInWords(n / place), name, ...(rest ? wholeInWords(rest) : [])];
    }
  }
  return belowHundred(Number(n));
}

/**
 * An amount in words in the Indian system (lakh, crore), rupees and paise:
 * 12345678.50 -> "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees and Fifty Paise Only".
 * Written here rather than taken from a library: only the Indian system is wanted (the PDF and the live totals),
 * and the libraries tried carry every locale's rules.
 */
export function amountInWords(amount: Money): string {
  const [rupeesText, paiseText] = round2(amount.abs()).toFixed(2).split('.');
  const rupees = BigInt(rupeesText);
  const paise = Number(paiseText);
  const rupeeWords = `${wholeInWords(rupees).join(' ')} ${rupees === 1n ? 'Rupee' : 'Rupees'}`;
  const paiseWords = paise ? ` and ${belowHundred(paise).join(' ')} Paise` : '';
  return `${amount.lt(0) ? 'Minus ' : ''}${rupeeWords}${paiseWords} Only`;
}
