import { CheckoutFormListPage } from './CheckoutFormListPage';

/** /checkoutForms: checkout forms (subscriptions) and the subscriptions they sold. */
export default function CheckoutFormsPage() {
  return <CheckoutFormListPage kind="subscription" />;
}
