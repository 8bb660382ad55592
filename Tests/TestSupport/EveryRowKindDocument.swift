/// A document with every cell type, icons (a name and an emoji), subtitles, localized text
/// (titles, choices, placeholders, units, footers), deprecated items, multiple choice, closed
/// and open collapsible sections, a section that a secure field keeps with the document, and
/// generated sections of every cell type.
public let everyRowKindDocument: String = {
  var generated: [String] = []
  for section in 0..<4 {
    var items: [String] = []
    for index in 0..<30 {
      let key = "g\(section)-\(index)"
      let item: String =
        switch index % 7 {
        case 0:
          #"{"key": "\#(key)", "type": "switch", "title": "Switch \#(index)", "on": \#(index % 2 == 0)}"#
        case 1:
          #"{"key": "\#(key)", "type": "rightDetail", "title": {"en": "Detail \#(index)", "ko": "상세 \#(index)"}, "rightDetail": "v\#(index)"}"#
        case 2:
          #"{"key": "\#(key)", "type": "detailTitle", "title": "Page \#(index)", "subTitle": "About \#(index)", "page": {"sections": [{"items": [{"key": "in", "type": "switch", "title": "Inner"}]}]}}"#
        case 3:
          #"{"key": "\#(key)", "type": "textField", "title": "Text \#(index)", "value": "t\#(index)"}"#
        case 4:
          #"{"key": "\#(key)", "type": "number", "title": "Number \#(index)", "value": \#(index), "unit": {"en": "min", "ko": "분"}}"#
        case 5:
          #"{"key": "\#(key)", "type": "slider", "title": "Slider \#(index)", "min": 0, "max": 50, "value": \#(index), "unit": "%"}"#
        default:
          #"{"key": "\#(key)", "type": "rightDetail", "title": "Choice \#(index)", "choices": [{"value": "a", "title": {"en": "Alpha", "ko": "알파"}}, {"value": "b", "title": "Beta"}], "value": "b"}"#
        }
      items.append(item)
    }
    generated.append(#"{"header": "Generated \#(section)", "items": [\#(items.joined(separator: ",\n"))]}"#)
  }
  return #"""
    {"id": "rows", "title": {"en": "Rows", "ko": "행"}, "sections": [
      {"header": {"en": "Network", "ko": "네트워크"}, "footer": {"en": "Radios.", "ko": "무선."}, "items": [
        {"key": "airplane", "type": "switch", "title": {"en": "Airplane Mode", "ko": "에어플레인 모드"}, "imageName": "airplane",
         "description": {"en": "Turns every radio off.", "ko": "모든 무선을 끕니다."}},
        {"key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "imageName": "🛜", "rightDetail": "Home",
         "subTitle": {"en": "Connected", "ko": "연결됨"},
         "page": {"sections": [{"items": [{"key": "ask", "type": "switch", "title": "Ask"}]}]}},
        {"key": "old", "type": "switch", "title": "Old radio", "on": true, "deprecated": "Use Wi-Fi"},
        {"type": "detailTitle", "title": "About"},
        {"type": "rightDetail", "title": "Version", "rightDetail": {"en": "1.0", "ko": "1.0판"}}]},
      {"id": "values", "header": "Values", "items": [
        {"key": "name", "type": "textField", "title": "Name", "value": "Kim"},
        {"key": "host", "type": "textField", "title": "Host", "placeholder": {"en": "host:port", "ko": "호스트:포트"}},
        {"key": "lock", "type": "number", "title": "Auto-Lock", "value": 30, "unit": "min", "min": 1, "max": 60},
        {"key": "start", "type": "number", "title": "Start", "value": 5, "min": 5},
        {"key": "volume", "type": "slider", "title": "Volume", "min": 0, "max": 10, "step": 0.5, "value": 2.5, "unit": "dB"},
        {"key": "temp", "type": "number", "title": "Temp", "value": -3.25, "step": 0.25},
        {"key": "band", "type": "rightDetail", "title": "Band", "choices": [
          {"value": "2g", "title": {"en": "2.4 GHz", "ko": "2.4기가"}}, {"value": "5g", "title": "5 GHz"}], "value": "5g"},
        {"key": "days", "type": "rightDetail", "title": "Days", "multiple": true, "choices": [
          {"value": "mon", "title": {"en": "Monday", "ko": "월요일"}}, {"value": "tue", "title": "Tuesday"},
          {"value": "wed", "title": "Wednesday"}], "value": ["wed", "mon"]},
        {"key": "none", "type": "rightDetail", "title": "None chosen", "multiple": true, "choices": [
          {"value": "x", "title": "X"}], "value": []}]},
      {"id": "closed", "header": "Closed", "collapsible": true, "expanded": false, "items": [
        {"key": "c1", "type": "switch", "title": "Closed one"},
        {"key": "c2", "type": "switch", "title": "Closed two", "on": true}]},
      {"id": "open", "header": "Open", "collapsible": true, "expanded": true, "footer": "Shown when open.", "items": [
        {"key": "o1", "type": "switch", "title": "Open one", "imageName": "bell"}]},
      {"header": "Secrets", "items": [
        {"key": "password", "type": "textField", "title": "Password", "secure": true, "value": "hunter2"},
        {"key": "user", "type": "textField", "title": "User", "value": "me"}]},
    \#(generated.joined(separator: ",\n"))]}
    """#
}()
