# The device's web side: Wi-Fi, the scoreboard page, the phones' entry (issue 17).
