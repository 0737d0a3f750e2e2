/** The membership's rules, shown under the plans on the PC VIP page and the H5 one. */
export const VIP_RULES = [
  '会员有效期内，标有「会员免费」的课程可以免费学习全部课时；其他课程仍需单独购买。',
  '已是会员再次购买的，会员时长从当前到期时间起顺延。',
  '未支付的订单 30 分钟后自动关闭，可在「我的订单」中继续支付或关闭。',
];
