import { href, paths } from './paths';
import { appRoutes, findRoute } from './routes';

test('href fills the route parameters, encoded, and adds the query without empty values', () => {
  expect(href('/OptoutForm/:formId', { params: { formId: 12 } })).toBe('/OptoutForm/12');
  expect(href('/embeddedForm/:formId/:selectedForm', { params: { formId: 'a b', selectedForm: 2 } })).toBe('/embeddedForm/a%20b/2');
  expect(href('/backgroundJobs', { query: { jobId: 5, kind: undefined, status: null } })).toBe('/backgroundJobs?jobId=5');
  expect(href('/managegroups')).toBe('/managegroups');
});

test('every named path is a route of the table, spelt as the table spells it', () => {
  const table = new Set<string>(appRoutes.map((route) => route.path));
  for (const [name, entry] of Object.entries(paths)) {
    expect(table.has(entry.path), name).toBe(true);
    expect(findRoute(entry.href().split('?')[0])?.path, name).toBe(entry.path);
  }
});

test('the hrefs the app redirects to', () => {
  expect(paths.login.href('/forms?tab=2')).toBe('/trial/login?next=%2Fforms%3Ftab%3D2');
  expect(paths.login.href()).toBe('/trial/login');
  expect(paths.setup.href()).toBe('/setupPage');
  expect(paths.setup.href('repNotifications')).toBe('/setupPage?repNotificationDisable=true');
  expect(paths.setup.href('marketingDisabled')).toBe('/setupPage?marketingDisabled=true&repNotificationDisable=true');
  expect(paths.backgroundJobs.href(7)).toBe('/backgroundJobs?jobId=7');
  expect(paths.formBuilder.href()).toBe('/builderForms/sspForm');
  expect(paths.formBuilder.href('surveyForm', 3)).toBe('/builderForms/surveyForm?id=3');
  expect(paths.popupContainer.href(3, 'alpha')).toBe('/popupContainer/3/alpha/preview');
  expect(paths.segmentBuilder.href()).toBe('/segments');
  expect(paths.segmentBuilder.href(4)).toBe('/segments?id=4');
  expect(paths.biSegmentList.href()).toBe('/segmentListbi?type=bi');
  expect(paths.biSegmentBuilder.href()).toBe('/segmentListbi?type=bi&id=new');
  expect(paths.biSegmentBuilder.href(4)).toBe('/segmentListbi?type=bi&id=4');
});

// Checked by `npm run typecheck`: each line below must fail to compile.
export function typeChecks() {
  // @ts-expect-error a path the route table does not have (it has /webhookList)
  href('/webhooklist');
  // @ts-expect-error a route with a parameter needs it
  href('/OptoutForm/:formId');
  // @ts-expect-error the parameter's name comes from the pattern
  href('/OptoutForm/:formId', { params: { id: 1 } });
  // @ts-expect-error a route without parameters takes none
  href('/managetags', { params: { id: 1 } });
}
