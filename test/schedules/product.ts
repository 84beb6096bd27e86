/** What most scheduled runs in the tests buy: 500 NGN of MTN Nigeria airtime. */
export const NG_MTN_500 = {
  country: 'NG',
  countryName: 'Nigeria',
  operatorKey: 'NG-MTN',
  operatorName: 'MTN Nigeria',
  subtype: 'airtime',
  currency: 'NGN',
  amount: '500',
};
