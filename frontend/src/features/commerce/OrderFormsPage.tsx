import { CheckoutFormListPage } from './CheckoutFormListPage';

/** /checkoutForms-order and /checkoutForms-orderform: order forms (one-time items) and their orders. */
export default function OrderFormsPage() {
  return <CheckoutFormListPage kind="order" />;
}
