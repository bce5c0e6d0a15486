import { notifications } from '@mantine/notifications';

export type ToastType = 'error' | 'info' | 'success' | 'warning';

const colors: Record<ToastType, string> = { error: 'red', info: 'blue', success: 'green', warning: 'yellow' };

/** Spec 8: the title defaults to the type name; error toasts stay 6 s, the others 3 s. */
export function toastOptions(type: ToastType, message: string, title?: string) {
  return {
    title: title ?? type.charAt(0).toUpperCase() + type.slice(1),
    message,
    color: colors[type],
    autoClose: type === 'error' ? 6000 : 3000,
  };
}

export function toast(type: ToastType, message: string, title?: string): void {
  notifications.show(toastOptions(type, message, title));
}
