/** The screen's button names, modal texts and messages: the spec's words where it gives them. */
export const EDITOR_TEXTS = {
  create: 'Save And Create PDF',
  update: 'Update And Create PDF',
  convert: 'Convert To Bill And Create PDF',
  generating: 'Generating PDF',
  loading: 'Please Wait',
  checkTitle: 'Empty field',
  saveConfirm: {
    title: 'Are you sure?',
    description: 'The bill will be saved and its PDF generated and downloaded.',
    confirmLabel: 'Generate PDF',
    cancelLabel: 'Cancel',
  },
  convertConfirm: {
    title: 'Convert to BILL',
    description: 'Are you sure? You want to convert your Quotation to Bill?',
    confirmLabel: 'Generate PDF',
    cancelLabel: 'Cancel',
  },
  notFoundTitle: 'Bill not found',
  notFound: (label: string, billno: number) => `There is no ${label} with Bill No. ${billno}.`,
  loadFailedTitle: 'The bill could not be loaded',
  retry: 'Try again',
} as const;
