export const storageKeys = {
  token: 'mc.token',
  access: 'mc.access',
  status: 'mc.status',
  statusRetries: 'mc.statusRetries',
} as const;
