import { useEffect } from "react";
import { useNavigate } from "react-router";
import { PageLoader } from "../../ui/PageLoader";
import { logout } from "./logout";

/** SPEC 2 route logoutStub: logs out, then goes to the front page. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void logout().then(() => navigate("/", { replace: true }));
  }, [navigate]);
  return <PageLoader />;
}
