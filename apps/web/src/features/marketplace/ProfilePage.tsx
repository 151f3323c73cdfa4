import { useAuth } from "../auth/auth-store";
import { MyProfilePage } from "../profile/MyProfilePage";
import { AgencyProfilePage } from "./AgencyProfilePage";

/** /admin/profile: a client's own questionnaire, or a matchmaker's agency profile. */
export function ProfilePage() {
  const { user } = useAuth();
  if (user?.role === "INVITER") return <AgencyProfilePage section="basics" />;
  return <MyProfilePage />;
}

export function AgencyAdvancedPage() {
  return <AgencyProfilePage section="advanced" />;
}
