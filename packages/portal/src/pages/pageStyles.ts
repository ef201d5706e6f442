/**
 * Every page's stylesheet, in the entry's CSS bundle (portal-<hash>.css): pages load lazily
 * (app/routes.ts), and a stylesheet imported by a lazy chunk would become a file no one loads.
 */
import './controllerUserAdmin/controllerUserAdmin.css';
import './altLayout/altLayout.css';
import './controllerFrame/controllerFrame.css';
import './leroyLogin/leroyLogin.css';
import './sites/sitesPages.css';
import './webpmError/webpmError.css';
import './dashboards/dashboards.css';
import './customerLogin/customerLogin.css';
import './customerLogin/loginForm.css';
import './administrate/administrate.css';
import './bim/bim.css';
import './resetPassword/resetPassword.css';
import './accessTokens/accessTokens.css';
