import { describe, expect, it } from 'vitest'
import { listenUrls } from './listen-urls'

describe('start log addresses', () => {
  it('lists localhost and each non-internal IPv4, once', () => {
    const v4 = (address: string, internal: boolean) =>
      ({ address, internal, family: 'IPv4', netmask: '255.255.255.0', mac: '', cidr: null }) as const
    const urls = listenUrls(3000, {
      lo: [v4('127.0.0.1', true)],
      eth0: [v4('192.168.1.23', false), { ...v4('fe80::1', false), family: 'IPv6', scopeid: 1 }],
      wlan0: [v4('10.0.0.7', false), v4('192.168.1.23', false)],
    })
    expect(urls).toEqual(['http://localhost:3000', 'http://192.168.1.23:3000', 'http://10.0.0.7:3000'])
  })
})
