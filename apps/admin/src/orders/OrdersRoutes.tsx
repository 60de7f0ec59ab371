/**
 * The order part of the back office under `/ordrar` (issue 27): the list, one order and the
 * day's packing list (`/ordrar/packlista`, issue 43) and the nShift service mapping
 * (`/ordrar/frakttjanster`, issue 43). One
 * route in main.tsx leads here; changes need orders:write.
 */
import { Route, Routes } from 'react-router';
import type { Me } from '../api.ts';
import { OrderDetailPage } from './OrderDetailPage.tsx';
import { OrderListPage } from './OrderListPage.tsx';
import { NshiftServicesPage } from './NshiftServicesPage.tsx';
import { PackingListPage } from './PackingListPage.tsx';
import './orders.css';

/** `/ordrar/*`. */
export function OrdersRoutes({ me }: { me: Me }) {
  const canWrite = me.permissions.includes('orders:write');
  return (
    <Routes>
      <Route index element={<OrderListPage />} />
      <Route path="packlista" element={<PackingListPage />} />
      <Route path="frakttjanster" element={<NshiftServicesPage canWrite={canWrite} />} />
      <Route path=":id" element={<OrderDetailPage canWrite={canWrite} />} />
    </Routes>
  );
}
