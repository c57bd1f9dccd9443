import { describe, expect, it } from 'vitest';
import { isBot } from './bot-detection.ts';

const BOTS = {
  googlebotDesktop:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36',
  googlebotClassic: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  inspectionTool: 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  yahooSlurp: 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  duckduckbot: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  baidu: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  yandex: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  applebot:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  gptbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  genericCrawler: 'AcmeCrawler/3.2 (+https://acme.example/crawler)',
  genericBotAtEnd: 'Mozilla/5.0 (compatible; ExampleBot)',
  genericSpiderToken: 'Mozilla/5.0 (compatible; some-spider/1.0)',
};

const PEOPLE = {
  chromeOsChromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  cubotPhone:
    'Mozilla/5.0 (Linux; Android 9; CUBOT_X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  cubotPhoneSpace:
    'Mozilla/5.0 (Linux; Android 10; CUBOT NOTE 20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

describe('isBot', () => {
  it.each(Object.entries(BOTS))('recognises %s as a crawler', (_name, ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it.each(Object.entries(PEOPLE))('treats %s as a person', (_name, ua) => {
    expect(isBot(ua)).toBe(false);
  });

  it('is case-insensitive', () => {
    expect(isBot('GOOGLEBOT/2.1')).toBe(true);
    expect(isBot('mozilla/5.0 (compatible; BINGBOT/2.0)')).toBe(true);
  });

  it('treats missing or blank user agents as people (the error page is the safe default)', () => {
    expect(isBot(undefined)).toBe(false);
    expect(isBot(null)).toBe(false);
    expect(isBot('')).toBe(false);
    expect(isBot('   ')).toBe(false);
  });

  it('does not match "bot" in the middle of an ordinary word', () => {
    expect(isBot('Mozilla/5.0 (X11; Linux) Abbott/1.0 Chrome/126.0')).toBe(false);
    expect(isBot('Mozilla/5.0 Bottlecap/1.0')).toBe(false);
  });

  it('still flags a crawler that runs on a Cubot phone', () => {
    expect(isBot('Mozilla/5.0 (Linux; Android 9; CUBOT_X19) Chrome/126.0 (compatible; FooBot/1.0)')).toBe(
      true,
    );
  });
});
