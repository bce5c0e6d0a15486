import { encodeAccess, makeAccess } from '../test-utils/session';
import { decodeAccess } from './access';

test('decodes base64url UTF-8 JSON without padding', () => {
  const access = makeAccess({
    userRole: 'USER',
    accessControlList: [{ actionType: 'enableOptOuts — é', users: ['USER'] }],
  });
  const encoded = encodeAccess(access);
  expect(encoded).not.toMatch(/[=+/]/);
  expect(decodeAccess(encoded)).toEqual(access);
});

test('rejects text that is not base64, not JSON, or not the expected shape', () => {
  expect(() => decodeAccess('%%%')).toThrow();
  expect(() => decodeAccess(btoa('not json'))).toThrow();
  expect(() => decodeAccess(btoa(JSON.stringify({ userHasMKMAccess: true, accessControlList: [], userRole: 'OWNER' })))).toThrow();
  expect(() => decodeAccess(btoa(JSON.stringify({ userHasMKMAccess: 'yes', accessControlList: [], userRole: 'USER' })))).toThrow();
});
