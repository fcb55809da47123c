import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatIndian } from '../../engine/core';
import type { MonthSales } from '../api/reports-api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;

/** Sales (grand totals) by month of a financial year: recharts, loaded with this chart only. */
export default function SalesChart({ months }: { months: MonthSales[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tickFormatter={monthLabel} />
        <YAxis width={90} tickFormatter={(value: number) => formatIndian(value, 0)} />
        <Tooltip
          formatter={(value) => [`₹ ${formatIndian(Number(value))}`, 'Sales']}
          labelFormatter={(label) => monthLabel(String(label))}
        />
        <Bar dataKey="total" name="Sales" fill="#1f6feb" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
