// Proves every public URL listed in shared/spec/routes.md is registered (bookmarks and
// advisors' links must keep working), each with a title and a lazily loaded page.
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router.tsx';
import { routeTable } from './routeTable.ts';

// Copied from routes.md (the spec lives outside this repository).
const specRoutes = {
  login: 'start start1 loginAfter login register reLogin',
  home: 'index zhishu market newsList newsDetail blockTrade blockTrade1 blockTrade2 blockTradeDetail fllow fllowRecord fllowDetail qcList dayTrading newStock newStockps newStockps1 newStockBuy newStockPsBuy newStockRecord kefuCenter',
  market: 'index market optionList stockDetail stockDetailzs marketBuy marketTeshe marketZhiBiao marketQuestion vip',
  trade: 'index positionDetail positionDetail2 shareholding position waitOrder historyOrder',
  favorite: 'index search',
  information:
    'index setting aboutInfo changeLang loginPass fundPass bankList addBankCard fundRecord exChange authInfo aboutUs usdtAddress cashOut withdrawal recharge rechargeChannel userInfo msgInfo mine mine_valid mine_fund mine_detail pj jkjl safety agreement faq loan beneficiary',
};
const specPaths = Object.entries(specRoutes).flatMap(([area, names]) => names.split(' ').map((name) => `/${area}/${name}`));
// Routes the app adds to the spec's list, each for a reason: the privacy policy registration asks users to accept;
// the capital transfer between market sub-accounts and the margin loans on pledged stock, which the spec describes but names no route for;
// the terms of the fee-rebate promotion, the spec's loss-compensation offer, which it names without a route;
// "Forgot password?" (issue 16): the number, then the code and the new password;
// sign-in security (issue 16): the second factor and the signed-in devices.
const addedPaths = ['/information/privacy', '/information/capitalTransfer', '/information/pledge', '/information/promotion', '/login/forgotPassword', '/login/resetPassword', '/information/signInSecurity'];

describe('route table', () => {
  it('contains-every-path-in-routes-md-and-only-the-listed-additions', () => {
    expect(specPaths).toHaveLength(76);
    expect(routeTable.map((entry) => entry.path).sort()).toEqual([...specPaths, ...addedPaths].sort());
  });

  it('registers-every-path-in-the-router', () => {
    const router = createAppRouter(createMemoryHistory());
    const registered = Object.keys(router.routesByPath);
    for (const path of specPaths) expect(registered).toContain(path);
  });

  it('gives-every-page-a-title-and-a-lazy-loader', () => {
    for (const entry of routeTable) {
      expect(entry.title.id, entry.path).toBeTruthy();
      expect(typeof entry.page.load, entry.path).toBe('function');
    }
  });

  it('keeps-sign-in-pages-public-and-money-pages-behind-sign-in', () => {
    const access = (path: string) => routeTable.find((entry) => entry.path === path)?.access;
    expect(access('/login/login')).toBe('public');
    expect(access('/login/register')).toBe('public');
    expect(access('/information/agreement')).toBe('public');
    expect(access('/information/privacy')).toBe('public');
    expect(access('/home/index')).toBe('signedIn');
    expect(access('/information/recharge')).toBe('signedIn');
    expect(access('/information/mine')).toBe('signedIn');
  });
});
