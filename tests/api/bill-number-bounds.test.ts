import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

const OUT_OF_RANGE = 'Invoice No. must be a whole number from 1 to 999,999,999.';

describeEachDatabase('bill numbers from 1 to 999,999,999 (issue 14)', (database) => {
  const api = useApi(database);

  it.each([0, '0', '000', -5, '-5', 1_000_000_000, '1000000000', 2.5, '2.5'])(
    'refuses Invoice No. %j with a clear message and stores nothing',
    async (invoiceno) => {
      const invoice = api.registry.byType('invoice')!;
      const response = await api.save(invoice, 1, { invoiceno });
      expect(response.statusCode).toBe(400);
      expect(jsonOf(response)).toEqual({ msg: OUT_OF_RANGE });
      const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice' }));
      expect(list.bill).toEqual([]);
    },
  );

  it('takes the bounds themselves, and an empty number keeps the spec message', async () => {
    const invoice = api.registry.byType('invoice')!;
    expect((await api.save(invoice, 1)).statusCode).toBe(200);
    expect((await api.save(invoice, 999_999_999)).statusCode).toBe(200);
    expect(jsonOf(await api.save(invoice, 1, { invoiceno: '' }))).toEqual({ msg: 'Please provide your bill invoice no.' });
    expect(jsonOf(await api.save(invoice, 1, { invoiceno: '  ' }))).toEqual({ msg: 'Please provide your bill invoice no.' });
  });
});
