import { Navigate } from "react-router";
import { useAuth } from "../auth/auth-store";
import { MyProfilePage } from "../profile/MyProfilePage";
import { AgencyProfilePage } from "./AgencyProfilePage";

/** /admin/profile: a client's own questionnaire, or a matchmaker's agency profile. */
export function ProfilePage() {
  const { user } = useAuth();
  if (user?.role === "INVITER") return <AgencyProfilePage section="basics" />;
  return <MyProfilePage />;
}

/** /admin/profile/advanced: a matchmaker's prices and terms; a client has only the one page. */
export function AgencyAdvancedPage() {
  const { user } = useAuth();
  if (user && user.role !== "INVITER") return <Navigate to="/admin/profile" replace />;
  return <AgencyProfilePage section="advanced" />;
}
