/** Spec 2: the success modal's title and button. */
export const SAVED_TITLE = 'PDF Generated';
export const SAVED_BUTTON = 'Okay';
/** Issue 15: on a type whose success text invites a preview (x-bill.successPreview). */
export const PREVIEW_BUTTON = 'Preview Bill';
/** Issue 32: PDF Generated and View PDF Bill offer to e-mail the bill. */
export const SEND_BUTTON = 'Send by e-mail';
/** Issue 32: beside Send by e-mail, the PDF to the share sheet or to WhatsApp. */
export const SHARE_BUTTON = 'Share';
/** Issue 29: PDF Generated of a sales bill offers to record its payment. */
export const PAY_BUTTON = 'Record Payment';
