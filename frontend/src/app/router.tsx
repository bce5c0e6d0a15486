import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { appRoutes, type RouteEntry } from '../config/routes';
import { RouteGate } from './gate/RouteGate';
import { MainLayout } from './layout/MainLayout';
import { PageFallback } from './loading/PageFallback';
import { RoutePage } from './pages';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function GatedPage({ route }: { route: RouteEntry }) {
  return (
    <RouteGate route={route}>
      <RouteErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <RoutePage route={route} />
        </Suspense>
      </RouteErrorBoundary>
    </RouteGate>
  );
}

// "/" keeps its query: single sign-on arrives with ?clnt=...
function HomeRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home.path, search }} replace />;
}

const toRoute = (route: RouteEntry) => <Route key={route.path} path={route.path} element={<GatedPage route={route} />} />;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>{appRoutes.filter((route) => route.layout).map(toRoute)}</Route>
      {appRoutes.filter((route) => !route.layout).map(toRoute)}
      <Route path="/" element={<HomeRedirect />} />
      <Route path="*" element={<Navigate to={paths.notFound.href()} replace />} />
    </Routes>
  );
}
