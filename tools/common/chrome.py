# A headless Chromium driven by Selenium, the one way the page's tools and tests start it.
import shutil
import sys
import time

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
ARGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--disable-background-networking", "--hide-scrollbars", "--force-device-scale-factor=1")


def missing():
    """Why no Chromium can be driven here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: make setup (or .venv/bin/pip install -r requirements-dev.txt)"
    if not CHROMIUM or not CHROMEDRIVER:
        return "no chromium/chromedriver: apt-get install chromium chromium-driver"
    return None


def headless(width, height, script_s=30):
    """A headless Chromium of width x height, its console kept; script_s: an async script's time."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    o = webdriver.ChromeOptions()
    for a in ARGS + ("--window-size=%d,%d" % (width, height),):
        o.add_argument(a)
    o.binary_location = CHROMIUM
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # the driver's path given: Selenium Manager is not run (it would look for one online)
    d = webdriver.Chrome(options=o, service=Service(CHROMEDRIVER))
    d.set_script_timeout(script_s)
    return d


def viewport(d, width, height, phone=True):
    """The page's viewport exactly (a window's size includes the browser's frame)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})


def wait(d, what, js, timeout, who):
    """Until js is true on the page; after timeout s, exit saying who waited for what."""
    end = time.time() + timeout
    while time.time() < end:
        if d.execute_script(js):
            return
        time.sleep(0.05)
    sys.exit("%s: %s: not on the page within %d s" % (who, what, timeout))


def shot(d, path, width, phone=True):
    """The whole page, however tall (the viewport grown to it), into the PNG path; (width, height)."""
    height = d.execute_script("return Math.ceil(document.documentElement.getBoundingClientRect().height)")
    viewport(d, width, height, phone)
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.2)
    with open(path, "wb") as f:
        f.write(d.get_screenshot_as_png())
    with open(path, "rb") as f:
        head = f.read(24)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
