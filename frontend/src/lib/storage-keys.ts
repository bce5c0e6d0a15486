export const storageKeys = {
  access: 'mc.access',
  status: 'mc.status',
  statusRetries: 'mc.statusRetries',
} as const;
