import ListsDAV
import ListsInterchange

let calDAVProbe = XMLName(XMLNamespace.dav, "x")
