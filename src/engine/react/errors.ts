/** The text to show for a failure: the server's msg travels as the Error's message (contract.ts). */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Something went wrong. Please try again.';
}
