<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<array>
	<string>Walk the dogs</string>
	<string>Feed the hogs</string>
	<string>Chop the logs</string>
	<string>Café &lt;au lait&gt; &amp; "croissants"</string>
</array>
</plist>
