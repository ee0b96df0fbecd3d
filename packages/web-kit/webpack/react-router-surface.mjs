// The part of React Router the apps use, shared as the singleton `react-router` (shared.cjs).
// A shared module is provided whole, because a remote built later may use any export: sharing
// the package itself shipped all of it (61 KB gzipped), this subset is about 16. An app that
// imports a name missing here fails its build (router-surface-check.cjs): add the name.
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'trackboard-react-router-full';
