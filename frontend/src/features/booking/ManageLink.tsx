import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Where a traveller completes, changes or cancels the booking alone ("My booking"). */
export function ManageLink() {
  const { t } = useTranslation();
  return (
    <p className="center no-print" data-testid="manage-link">
      {t("myBooking.managePrompt")}{" "}
      <Link to="/my-booking" className="link">
        {t("nav.myBooking")}
      </Link>
    </p>
  );
}
