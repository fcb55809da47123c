import { showErrorToast } from '../ui/toasts';

/**
 * Issue 29 item 5: "Remind on WhatsApp" opens wa.me with the server's message (the overdue bills, the amount, the
 * unit's UPI payment link) to the client's phone. The tab is opened at once, inside the click, so no pop-up
 * blocker stops it, then pointed at the link when the server answers.
 */
export async function remindOnWhatsApp(api: { reminder(unit: string, clientname: string): Promise<{ link: string; overdue: string[] }> }, unit: string, clientname: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { link, overdue } = await api.reminder(unit, clientname);
    if (overdue.length === 0) {
      tab?.close();
      showErrorToast(`${clientname} has no overdue bills to remind of.`);
      return;
    }
    if (tab) tab.location.href = link;
    else window.location.assign(link);
  } catch (error) {
    tab?.close();
    showErrorToast((error as Error).message);
  }
}
