import { Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useInvalidate } from '../../api/query';
import { DialogActions } from '../../components/DialogActions';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { createPlan, createProduct, type CheckoutKind, type Product } from './api';
import { commerceMessages as text } from './messages';

type Interval = 'one_time' | 'day' | 'week' | 'month' | 'year';
const NEW = 'new';

/** An admin adds a plan (and, when needed, its product), created in Stripe. Prices are typed in dollars and sent in cents. */
export function NewPlanDialog({ opened, kind, products, onClose }: { opened: boolean; kind: CheckoutKind; products: Product[]; onClose: () => void }) {
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { productId: NEW, productName: '', name: '', price: 10 as number | string, interval: (kind === 'order' ? 'one_time' : 'month') as Interval, trialDays: 0 as number | string, setupFee: 0 as number | string, maxQuantity: 1 as number | string },
  });
  const intervals = (Object.keys(text.intervals) as Interval[]).filter((value) => (kind === 'order') === (value === 'one_time'));
  const cents = (dollars: number | string) => Math.round(Number(dollars) * 100);

  async function submit() {
    const v = form.values;
    setBusy(true);
    try {
      const productId = v.productId === NEW ? (await createProduct({ name: v.productName, description: '' })).id : Number(v.productId);
      await createPlan({
        productId,
        name: v.name,
        amount: cents(v.price),
        currency: 'usd',
        intervalCount: 1,
        interval: v.interval,
        trialDays: Number(v.trialDays) || 0,
        setupFee: cents(v.setupFee),
        maxQuantity: Number(v.maxQuantity) || 1,
      });
      void invalidate('commerceProducts');
      toast('success', text.planCreated);
      form.reset();
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={text.newPlanTitle} centered>
      <Stack gap="sm">
        <Select label={text.product} data={[{ value: NEW, label: text.newProduct }, ...products.map((p) => ({ value: String(p.id), label: p.name }))]} allowDeselect={false} data-testid="plan-product" {...form.getInputProps('productId')} />
        {form.values.productId === NEW && <TextInput label={text.newProduct} required maxLength={200} data-testid="plan-product-name" {...form.getInputProps('productName')} />}
        <TextInput label={text.planName} required maxLength={200} data-testid="plan-name" {...form.getInputProps('name')} />
        <NumberInput label={text.price} min={0.5} decimalScale={2} fixedDecimalScale thousandSeparator="," prefix="$" data-testid="plan-price" {...form.getInputProps('price')} />
        <Select label={text.interval} data={intervals.map((value) => ({ value, label: text.intervals[value] }))} allowDeselect={false} data-testid="plan-interval" {...form.getInputProps('interval')} />
        {kind === 'subscription' && (
          <>
            <NumberInput label={text.trialDays} min={0} max={730} allowDecimal={false} {...form.getInputProps('trialDays')} />
            <NumberInput label={text.setupFee} min={0} decimalScale={2} fixedDecimalScale thousandSeparator="," prefix="$" {...form.getInputProps('setupFee')} />
          </>
        )}
        <NumberInput label={text.maxQuantity} min={1} max={100} allowDecimal={false} {...form.getInputProps('maxQuantity')} />
        <DialogActions onCancel={onClose} onConfirm={() => void submit()} busy={busy} confirmLabel={text.create} testId="plan-create" mt="sm" />
      </Stack>
    </Modal>
  );
}
