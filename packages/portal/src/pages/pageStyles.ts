/**
 * The small page stylesheets that ride in the entry's CSS bundle (portal-<hash>.css). A stylesheet
 * imported by a lazy chunk would become a file no one loads, so the larger pages adopt theirs when their
 * chunk loads instead (adoptStyles.ts): sign-in, reset password, the alternative layout, the controller
 * error page, access tokens and service accounts. Their bytes then stay out of the first paint's budget.
 */
import './controllerUserAdmin/controllerUserAdmin.css';
import './controllerFrame/controllerFrame.css';
import './leroyLogin/leroyLogin.css';
import './sites/sitesPages.css';
import './dashboards/dashboards.css';
import './bim/bim.css';
// The sign-in form is in the first paint (the shell's sign-in), so its styles are too.
import './customerLogin/loginForm.css';
