import type { Page } from 'playwright-core';
import { GUIDE_TODAY_ISO, KAVERI, RAMESH, TYPED_LINES, seedOctober, type GuideApi, type GuideOperator } from './guide-data';
import { loadRegistry } from '../../src/server/schema-files';
import { button, closeToasts, dialog, field, fillIn, fromMenu, listRow, openEditScreen, pickClient, saveAndConfirm, scrollTo, scrollToTop, typeLine } from './guide-steps';

/**
 * The user guide's pictures (docs/guide/), declared once: `npm run docs:screenshots` takes them and
 * tests/e2e/guide.test.ts checks that each screen still shows every name the guide's text uses for it.
 * The visits run in this order on one fresh server, as one shop's day.
 */

/** The operator's screen (a laptop) and a touch phone. */
export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844, touch: true };

export interface GuideShot {
  /** The PNG under docs/guide/images/. */
  file: string;
  /** The on-screen names the guide's page uses for this screen, exactly as the app shows them. */
  names: string[];
  /** From where the previous shot of the visit left the screen (or the visit's start) to this screen. */
  steps?: (page: Page, context: { operator: GuideOperator }) => Promise<void>;
}

export interface GuideVisit {
  /** The guide page (docs/guide/{page}) that shows these pictures. */
  page: string;
  viewport: { width: number; height: number; touch?: boolean };
  /** Opened (signed in, but for the first visit) before the first shot's steps. */
  start: string;
  /** Data typed earlier in the shop's day, saved over the API. */
  seed?: (api: GuideApi, context: { smtpPort: number }) => Promise<void>;
  shots: GuideShot[];
}

const LANDING = '/alfadiesel/invoicebill';

/** The units of the checkout's schemas (a maintainer's variant adds one): each has its Business Profile. */
const guideRegistry = loadRegistry();

const GST_PROFILE = {
  'Company Name *': 'ALFA DIESEL SERVICES',
  'Address *': 'Shop No. 2, Sai Industrial Estate, Andheri (East), Mumbai 400069',
  Place: 'Mumbai',
  Pincode: '400069',
  GSTIN: '27AAPFU0939F1ZV',
  PAN: 'AAPFU0939F',
  Contact: '+91 98200 12345',
  'E-Mail': 'gst@alfadiesel.in',
  'Bank Name': 'State Bank of India',
  'Account Number': '30012345678',
  IFSC: 'SBIN0001234',
  Branch: 'Andheri East',
  'UPI ID': 'alfadiesel@okaxis',
  'Default Credit Days': '30',
};

/** What the shop's e-mail provider gave it, as typed on the Business Profile. */
const MAIL_SETTINGS = {
  'Mail server': 'smtp.alfadiesel.in',
  Port: '587',
  Security: 'STARTTLS',
  'User name': 'gst@alfadiesel.in',
  Password: 'mail-password',
  'From name': 'Alfa Diesel Services',
  'From address': 'gst@alfadiesel.in',
};

/** The same shop sending through the local mail server the walk starts (the one the pictures show is not real). */
function localMail(smtpPort: number) {
  return {
    host: '127.0.0.1',
    port: smtpPort,
    security: 'none',
    user: 'billing@alfadiesel.test',
    password: 'mail-password-1',
    fromname: 'Alfa Diesel Services',
    fromaddress: 'gst@alfadiesel.in',
    replyto: '',
  };
}

const firstSetup: GuideVisit = {
  page: 'first-setup.md',
  viewport: DESKTOP,
  start: '/',
  shots: [
    { file: 'sign-in.png', names: ['Email', 'Password', 'Login'] },
    {
      file: 'setup-checklist.png',
      names: ['Set up before your first bill', 'Alfa Diesel Business Profile', 'GST Business Profile', 'Not saved yet'],
      async steps(page, { operator }) {
        await fillIn(page, { Email: operator.email, Password: operator.password });
        await button(page, 'Login').click();
        await page.waitForURL((url) => url.pathname === LANDING);
      },
    },
    {
      file: 'business-profile.png',
      names: ['GSTIN', 'PAN', 'Bank Name', 'IFSC', 'UPI ID', 'Default Credit Days'],
      async steps(page) {
        await page.getByRole('link', { name: 'GST Business Profile' }).click();
        await fillIn(page, GST_PROFILE);
        await scrollTo(page, 'Contact');
      },
    },
    {
      file: 'profile-saved.png',
      names: ['The GST business profile has been saved.', 'Number series', 'Save Profile'],
      async steps(page) {
        await button(page, 'Save Profile').click();
        // Saved, the screen drops its "Not saved yet" note: scrolled after that, the picture is the same each time.
        await page.getByText('The GST business profile has been saved.').waitFor();
        // Save Profile at the window's foot, the series above it: as many as the unit's types (a maintainer's add some).
        await button(page, 'Save Profile').evaluate((element) => element.scrollIntoView({ block: 'end' }));
        await page.evaluate(() => window.scrollBy(0, 16));
      },
    },
  ],
};

const taxInvoice: GuideVisit = {
  page: 'tax-invoice.md',
  viewport: DESKTOP,
  start: LANDING,
  seed: seedOctober,
  shots: [
    {
      file: 'create-bill-menu.png',
      names: ['Create Bill', 'Tax Invoice Bill', 'Walk-in Tax Invoice Bill', 'Credit Note'],
      steps: (page) => button(page, 'Create Bill').click(),
    },
    {
      file: 'tax-invoice-empty-field.png',
      names: ['Empty field', 'Please provide your client company name.', 'TAX INVOICE BILL', 'Invoice No.', 'Date'],
      async steps(page) {
        await page.getByRole('list', { name: 'GST', exact: true }).getByRole('link', { name: 'Tax Invoice Bill', exact: true }).click();
        await saveAndConfirm(page, 'Save And Create PDF');
        await scrollToTop(page);
      },
    },
    {
      file: 'tax-invoice-filled.png',
      names: ['Client Company Name', 'Client GSTIN/UIN', 'Description of Goods', 'HSN', 'GST %', 'QTY', 'Rate', 'Per', 'Add More Product', 'Grand Total', 'Save And Create PDF'],
      async steps(page) {
        await closeToasts(page);
        await pickClient(page, KAVERI.clientname);
        for (const [index, line] of TYPED_LINES.entries()) await typeLine(page, index + 1, line);
        await scrollTo(page, 'Client');
      },
    },
    {
      file: 'tax-invoice-confirm.png',
      names: ['Are you sure?', 'Generate PDF', 'Cancel'],
      steps: (page) => button(page, 'Save And Create PDF').click(),
    },
    {
      file: 'tax-invoice-saved.png',
      names: ['PDF Generated', 'Preview Bill', 'Send by e-mail', 'Okay'],
      steps: (page) => dialog(page, 'Are you sure?').getByRole('button', { name: 'Generate PDF', exact: true }).click(),
    },
    {
      file: 'tax-invoice-list.png',
      names: ['View Bill', 'Tax Invoice Bill list', 'Unpaid', 'Overdue', 'Record Payment', 'Edit', 'View'],
      async steps(page) {
        await button(page, 'Okay').click();
        await fromMenu(page, 'View Bill', 'GST', 'Tax Invoice Bill');
      },
    },
  ],
};

const walkIn: GuideVisit = {
  page: 'walk-in.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'walk-in-offer.png',
      names: ['Client without a GSTIN', 'Bill as unregistered', 'Stay here'],
      async steps(page) {
        await fromMenu(page, 'Create Bill', 'GST', 'Tax Invoice Bill');
        await pickClient(page, RAMESH.clientname);
      },
    },
    {
      file: 'walk-in-bill.png',
      names: ['Printed as B/1', 'Client Company Name', 'Place of Supply', 'Save And Create PDF'],
      async steps(page) {
        await button(page, 'Bill as unregistered').click();
        await page.waitForURL('**/gst/b2cinvoicebill');
        await typeLine(page, 1, { ...TYPED_LINES[1], qty: '1' });
        await scrollTo(page, 'Client');
      },
    },
  ],
};

const creditNote: GuideVisit = {
  page: 'credit-note.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'bill-notes-panel.png',
      names: ['Credit and debit notes', 'Issue Credit Note', 'Issue Debit Note'],
      async steps(page) {
        await fromMenu(page, 'View Bill', 'GST', 'Tax Invoice Bill');
        await openEditScreen(page, '1');
        await scrollTo(page, 'Credit and debit notes');
      },
    },
    {
      file: 'credit-note.png',
      names: ['CREDIT NOTE', 'Reason', 'Delete Field', 'Save And Create PDF'],
      async steps(page) {
        await page.getByRole('link', { name: 'Issue Credit Note', exact: true }).click();
        await page.waitForURL('**/gst/creditnote?**');
        await page.getByRole('button', { name: 'Delete Field', exact: true }).last().click();
        await fillIn(page, { Reason: 'Sales Return' });
        // The removal's Undo offer lasts 5 s; the picture shows the note as it will be saved.
        await page.getByText('Sr. No. 2 removed').waitFor({ state: 'hidden' });
        await scrollToTop(page);
      },
    },
  ],
};

const payment: GuideVisit = {
  page: 'payment.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'record-payment.png',
      names: ['Record Payment', 'Amount (₹)', 'Mode', 'Reference (UTR / cheque no.)', 'TDS deducted u/s', 'TDS (₹)', 'Settles these bills'],
      async steps(page) {
        await fromMenu(page, 'View Bill', 'GST', 'Tax Invoice Bill');
        await listRow(page, '2').getByRole('button', { name: 'Record Payment', exact: true }).click();
        // The client's bills arrive with what the bill asks as the amount: typed over before then, the two would
        // meet in the field (the fill's select-all lost when the amount comes in).
        await page.getByText('Settles these bills', { exact: true }).waitFor();
        await fillIn(page, { 'Amount (₹)': '8496', Mode: 'UPI', 'Reference (UTR / cheque no.)': '431256789012' });
      },
    },
    {
      file: 'record-payment-bills.png',
      names: ['Settles these bills', 'Settle oldest first', 'Save Payment'],
      steps: (page) => button(page, 'Save Payment').evaluate((element) => element.scrollIntoView({ block: 'end' })),
    },
    {
      file: 'payment-saved.png',
      names: ['Download Receipt', 'Okay'],
      steps: (page) => button(page, 'Save Payment').click(),
    },
  ],
};

const statement: GuideVisit = {
  page: 'statement.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'receivables.png',
      names: ['Receivables', 'Receivables: GST', 'As of', 'Outstanding', 'Not due', '1–30 days', 'Oldest due', 'Statement', 'Remind on WhatsApp', 'E-mail reminder'],
      async steps(page) {
        await fromMenu(page, 'Receivables', 'Receivables', 'GST');
        await field(page, 'As of').fill(GUIDE_TODAY_ISO);
      },
    },
    {
      file: 'statement.png',
      names: ['Client statement', 'From', 'To', 'Download PDF', 'Download CSV', 'E-mail statement'],
      steps: (page) => page.getByRole('button', { name: `Statement of ${KAVERI.clientname}`, exact: true }).click(),
    },
  ],
};

const mailSettings: GuideVisit = {
  page: 'sending.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'mail-settings.png',
      names: ['Business Profile', 'E-mail settings', 'Mail server', 'Port', 'Security', 'User name', 'From address', 'Save E-mail Settings'],
      async steps(page) {
        await fromMenu(page, 'Business Profile', 'Unit', 'GST');
        await fillIn(page, MAIL_SETTINGS);
        await scrollTo(page, 'E-mail settings');
      },
    },
  ],
};

const sending: GuideVisit = {
  page: 'sending.md',
  viewport: DESKTOP,
  start: LANDING,
  seed: (api, { smtpPort }) => api.post('/api/gst/savemailsettings', localMail(smtpPort)),
  shots: [
    {
      file: 'send-by-email.png',
      names: ['Send by e-mail', 'To', 'Cc', 'Subject', 'Message', 'Send', 'Cancel'],
      async steps(page) {
        await fromMenu(page, 'View Bill', 'GST', 'Tax Invoice Bill');
        await listRow(page, '3').getByRole('button', { name: 'Send', exact: true }).click();
        await listRow(page, '3').getByRole('button', { name: 'Send by e-mail', exact: true }).click();
        await dialog(page, 'Send by e-mail').getByLabel('To', { exact: true }).fill(KAVERI.email);
      },
    },
    {
      file: 'sent-mark.png',
      names: ['Send', 'E-mail', 'Share', 'Sent', 'Delete'],
      async steps(page) {
        await dialog(page, 'Send by e-mail').getByRole('button', { name: 'Send', exact: true }).click();
        const queued = page.getByText(`Invoice No. 3 is being sent to ${KAVERI.email}.`);
        await queued.waitFor();
        // The bill's own screen follows the sending as it happens; the list marks it once sent.
        await listRow(page, '3').getByRole('link', { name: 'Edit', exact: true }).click();
        await page.getByRole('region', { name: 'Sent by e-mail' }).getByText('Sent', { exact: true }).waitFor();
        await queued.waitFor({ state: 'hidden' });
        await fromMenu(page, 'View Bill', 'GST', 'Tax Invoice Bill');
        await listRow(page, '3').getByText('Sent', { exact: true }).waitFor();
        await listRow(page, '3').getByRole('button', { name: 'Send', exact: true }).click();
        await listRow(page, '3').getByRole('button', { name: 'Share', exact: true }).waitFor();
      },
    },
  ],
};

const monthEnd: GuideVisit = {
  page: 'month-end.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'reports.png',
      names: ['Reports', 'Unit', 'Period', 'Download CSV', 'Download Excel', 'Download GSTR-1 JSON', 'Download E-Way Bill JSON', 'Download E-Invoice JSON', 'No GSTR-1 marked as filed yet.'],
      async steps(page) {
        await page.getByRole('link', { name: 'Reports', exact: true }).click();
        await fillIn(page, { Unit: 'GST', Period: 'Last month' });
      },
    },
    {
      file: 'gstr1-downloaded.png',
      names: ['Mark as filed up to 31 Oct 2026'],
      steps: async (page) => void (await Promise.all([page.waitForEvent('download'), button(page, 'Download GSTR-1 JSON').click()])),
    },
    {
      file: 'gstr1-filed.png',
      names: ['GSTR-1 marked as filed up to 2026-10-31.', 'GSTR-1 filed up to October 2026: bills dated until then are locked.'],
      async steps(page) {
        await button(page, 'Mark as filed up to 31 Oct 2026').click();
        await dialog(page, 'Mark GSTR-1 filed up to 31 Oct 2026?').getByRole('button', { name: 'Mark as filed', exact: true }).click();
      },
    },
    {
      file: 'audit.png',
      names: ['Admin', 'Audit', 'Head written down earlier (optional)', 'Verify chain', 'Download CSV'],
      steps: (page) => fromMenu(page, 'Admin', 'Team and records', 'Audit'),
    },
  ],
};

const phone: GuideVisit = {
  page: 'phone.md',
  viewport: PHONE,
  start: LANDING,
  shots: [
    {
      file: 'phone-menu.png',
      names: ['Menu', 'Create Bill', 'View Bill', 'Tax Invoice Bill'],
      async steps(page) {
        await button(page, 'Menu').click();
        await button(page, 'View Bill').click();
      },
    },
    {
      file: 'phone-list.png',
      names: ['Sort by', 'Record Payment', 'Share', 'Sent'],
      steps: (page) => page.getByRole('list', { name: 'GST', exact: true }).getByRole('link', { name: 'Tax Invoice Bill', exact: true }).click(),
    },
  ],
};

/** Issue 48: a filter kept in stock below its reorder level, and engines by number, one of them bought this week. */
const stock: GuideVisit = {
  page: 'stock.md',
  viewport: DESKTOP,
  start: '/gst/stock-on-hand',
  async seed(api) {
    await api.post('/api/common/savetaxproduct', {
      product: 'Fuel filter FF5052',
      hsn: '8421',
      taxrate: 18,
      rate: 450,
      per: 'no',
      stocked: true,
      openingqty: 12,
      openingdate: '2026-10-01',
      reorderlevel: 15,
      serialised: false,
    });
    await api.post('/api/common/savetaxproduct', {
      product: 'DG set 62.5 kVA',
      hsn: '8502',
      taxrate: 18,
      rate: 585000,
      per: 'no',
      stocked: true,
      openingqty: 2,
      openingdate: '2026-10-01',
      reorderlevel: 1,
      serialised: true,
      openingserials: ['KEL-62-1041', 'KEL-62-1042'],
    });
    await api.post('/api/savepurchase', {
      unit: 'gst',
      supplier: 'Kirloskar Power Distributors',
      suppliergstin: '27AABCU9603R1ZN',
      supplierbillno: 'KPD/2211',
      supplierbilldate: '2026-11-05',
      lines: [{ product: 'DG set 62.5 kVA', qty: 1, rate: 520000, taxrate: 18, serials: ['KEL-62-1077'] }],
    });
  },
  shots: [
    {
      file: 'stock.png',
      names: ['New purchase', 'Purchases', 'Adjust stock', 'Stock register', 'On hand', 'Low stock'],
      steps: (page) => page.getByText('Low stock').first().waitFor(),
    },
    {
      file: 'stock-movements.png',
      names: ['Date', 'Document', 'In', 'Out', 'Balance', 'Serial number', 'In stock'],
      async steps(page) {
        await page.getByRole('button', { name: 'Movements of DG set 62.5 kVA' }).click();
        await page.getByRole('table', { name: 'Serial numbers of DG set 62.5 kVA' }).getByText('KEL-62-1077').waitFor();
        await page.getByRole('heading', { name: 'DG set 62.5 kVA' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -110));
      },
    },
  ],
};

/** Issue 50: the day at a glance, once every unit's profile is saved, and a bill copied as a new one. */
const today: GuideVisit = {
  page: 'today.md',
  viewport: DESKTOP,
  start: LANDING,
  shots: [
    {
      file: 'today.png',
      names: ['Today', 'Sales today', 'Due this week', 'Overdue', 'Overdue clients', 'Drafts to finish', 'Your Bill Section'],
      async steps(page) {
        // Every unit's Business Profile saved (the guide's shop saved the GST one first thing): now signing in lands on Today.
        for (const unit of guideRegistry.units) {
          await page.goto(`/${unit.slug}/business-profile`);
          await button(page, 'Save Profile').click();
          await page.getByText(`The ${unit.menuLabel} business profile has been saved.`).waitFor();
        }
        await page.getByRole('link', { name: 'Your Bill Section' }).click();
        await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
        await page.getByRole('article').first().locator('.today-figures').waitFor();
        // The last "saved" note gone by itself, as it is when the operator looks.
        await page.getByText(/business profile has been saved\./).waitFor({ state: 'hidden' });
      },
    },
    {
      file: 'copy-as-new-list.png',
      names: ['Edit', 'Copy'],
      steps: (page) => fromMenu(page, 'View Bill', 'GST', 'Tax Invoice Bill'),
    },
    {
      file: 'copy-as-new.png',
      names: ['Client Company Name', 'Invoice No.', 'Save And Create PDF'],
      async steps(page) {
        await listRow(page, '3').getByRole('button', { name: 'Copy as new bill', exact: true }).click();
        await page.waitForURL('**/gst/taxinvoicebill');
        await scrollToTop(page);
      },
    },
  ],
};

export const GUIDE_VISITS: GuideVisit[] = [firstSetup, taxInvoice, walkIn, creditNote, payment, statement, mailSettings, sending, monthEnd, phone, stock, today];

/** Every picture the guide declares, with the page that shows it. */
export function guidePictures(): { page: string; shot: GuideShot }[] {
  return GUIDE_VISITS.flatMap((visit) => visit.shots.map((shot) => ({ page: visit.page, shot })));
}
