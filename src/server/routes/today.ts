import type { FastifyInstance } from 'fastify';
import { addDays, AGEING_BUCKETS, financialYearLabel, localIsoDay, paiseToNumber } from '../../engine/core';
import { needsOnUnit } from '../auth/access';
import { bodyOf, optionalDay } from '../http/body';
import type { RouteContext } from './context';

/** "This week" on the Today screen: the day asked about and the six after it. */
const WEEK_DAYS = 7;
/** The clients owing the most past due that the screen names; the count and amount cover them all. */
const OVERDUE_CLIENTS_SHOWN = 10;
/** The bills falling due this week that the screen names, soonest first; the count and amount cover them all. */
const DUE_BILLS_SHOWN = 20;

/**
 * Issue 50: a unit's day at a glance (`/api/{unit}/today { asof? }`): the sales bills dated that day, the bills
 * with a balance falling due this week, the clients with money past due, and whether the unit's business profile
 * is saved (the screen is the landing page once it is). Amounts in rupees, as the receivables answer them.
 */
export function todayRoutes(app: FastifyInstance, { registry, storage }: RouteContext): void {
  for (const unit of registry.units) {
    app.post(`/api/${unit.slug}/today`, needsOnUnit('payments.read', unit.slug), async (request) => {
      const asof = optionalDay(bodyOf(request), 'asof') ?? localIsoDay();
      const [sales, due, receivables, profile] = await Promise.all([
        storage.payments.salesOfDay(unit.slug, asof),
        storage.payments.dueWithin(unit.slug, asof, WEEK_DAYS),
        storage.payments.receivables(unit.slug, asof),
        storage.profiles.find(unit.slug),
      ]);
      const overdue = receivables
        .map((client) => ({ client, pastDue: AGEING_BUCKETS.filter((bucket) => bucket !== 'notdue').reduce((sum, bucket) => sum + client.ageing[bucket], 0) }))
        .filter(({ pastDue }) => pastDue > 0)
        .sort((a, b) => b.pastDue - a.pastDue);
      return {
        asof,
        weekend: addDays(asof, WEEK_DAYS - 1),
        profilesaved: profile !== undefined,
        sales: { count: sales.count, amount: paiseToNumber(sales.total) },
        due: {
          count: due.length,
          amount: paiseToNumber(due.reduce((sum, bill) => sum + bill.balance, 0)),
          bills: due.slice(0, DUE_BILLS_SHOWN).map((bill) => ({
            billtype: bill.type,
            fy: financialYearLabel(bill.fy),
            billno: bill.billno,
            printedno: bill.printedNo,
            clientname: bill.clientName,
            billdate: bill.billDate,
            duedate: bill.dueDate,
            balance: paiseToNumber(bill.balance),
          })),
        },
        overdue: {
          count: overdue.length,
          amount: paiseToNumber(overdue.reduce((sum, { pastDue }) => sum + pastDue, 0)),
          clients: overdue.slice(0, OVERDUE_CLIENTS_SHOWN).map(({ client, pastDue }) => ({
            clientname: client.clientName,
            overdue: paiseToNumber(pastDue),
            oldestdue: client.oldestDue,
          })),
        },
      };
    });
  }
}
