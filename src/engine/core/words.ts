import { ToWords } from 'to-words/en-IN';
import { round2, type Money } from './money';

const toWords = new ToWords();

/**
 * An amount in words in the Indian system (lakh, crore), rupees and paise:
 * 12345678.50 -> "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees and Fifty Paise Only".
 */
export function amountInWords(amount: Money): string {
  const [rupeesText, paiseText] = round2(amount.abs()).toFixed(2).split('.');
  const rupees = BigInt(rupeesText);
  const paise = Number(paiseText);
  const rupeeWords = `${toWords.convert(rupees)} ${rupees === 1n ? 'Rupee' : 'Rupees'}`;
  const paiseWords = paise ? ` and ${toWords.convert(paise)} Paise` : '';
  return `${amount.lt(0) ? 'Minus ' : ''}${rupeeWords}${paiseWords} Only`;
}
