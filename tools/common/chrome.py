# A headless Chromium driven by Selenium, the one way the page's tools and tests start it.
import shutil

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
