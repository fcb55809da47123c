/** The screen's button names, modal texts and messages: the spec's words where it gives them. */
export const EDITOR_TEXTS = {
  create: 'Save And Create PDF',
  update: 'Update And Create PDF',
  generating: 'Generating PDF',
  loading: 'Please Wait',
  checkTitle: 'Empty field',
  /** The toast of a field's own check (x-check) as the operator leaves it. */
  fieldCheckTitle: 'Please check',
  saveConfirm: {
    title: 'Are you sure?',
    description: 'The bill will be saved and its PDF generated and downloaded.',
    confirmLabel: 'Generate PDF',
    cancelLabel: 'Cancel',
  },
  /** Title and description come from the bill type (x-bill.convert). */
  convertConfirm: {
    confirmLabel: 'Generate PDF',
    cancelLabel: 'Cancel',
  },
  convertedTo: (label: string, billno: number) => `Converted to ${label} No. ${billno}`,
  convertAgain: (label: string, billno: number) => `Already converted to ${label} No. ${billno}. Convert again?`,
  convertAgainLabel: 'Convert again',
  /** Issue 50: a new bill of the type from the one on screen (a new number and today's date, the rest copied). */
  copyAsNew: 'Copy as new bill',
  /** Issue 30: a bill dated after today asks first; the safe answer is the focused one. */
  futureDate: {
    title: 'Date in the future?',
    description: (label: string, date: string, today: string) => `${label} ${date} is after today, ${today}.`,
    keep: (date: string) => `Save dated ${date}`,
    change: 'Change the date',
  },
  draft: {
    restore: (when: string) => `Restore unsaved bill from ${when}`,
    discard: 'Discard',
    note: 'This bill was not saved when it was last open on this device.',
  },
  unregistered: {
    title: 'Client without a GSTIN',
    description: (client: string, label: string) => `${client} has no GSTIN. Bill them on a ${label}?`,
    move: 'Bill as unregistered',
    stay: 'Stay here',
  },
  notFoundTitle: 'Bill not found',
  notFound: (label: string, billno: number) => `There is no ${label} with Bill No. ${billno}.`,
  loadFailedTitle: 'The bill could not be loaded',
  retry: 'Try again',
} as const;
