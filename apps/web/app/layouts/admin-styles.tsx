import { Outlet } from 'react-router';
import 'virtual:antd-all.css';

/** The admin console uses most of antd; its pages load the full component stylesheet, public pages do not. */
export default function AdminStyles() {
  return <Outlet />;
}
