import SettingsHTTP
import SettingsKit

extension WebApp {
  /// The answer to one request: the security checks of docs/WEB-API.md first (`Host`, method,
  /// token or cookie, and for `POST` the content type, `Origin` and CSRF header), then the route.
  package func respond(to request: WebRequest) -> WebReply {
    let head = request.head
    // One Host, and exactly this server's: a second one (which a proxy might read instead) is refused too.
    let hosts = head.headers.values(of: "Host")
    guard hosts.count == 1, WebSecurity.isAllowedHost(hosts.first, port: configuration.port) else {
      return .response(
        .page(
          421, title: "Misdirected request",
          message: "This server answers only to 127.0.0.1:\(configuration.port)."))
    }
    if head.method == "OPTIONS" {
      return .response(.page(403, title: "Forbidden", message: "Cross-origin requests are not allowed."))
    }
    guard ["GET", "HEAD", "POST"].contains(head.method) else {
      var response = WebResponse.page(405, title: "Method not allowed", message: "Use GET or POST.")
      response.headers.add("Allow", "GET, HEAD, POST")
      return .response(response)
    }
    guard let path = request.path else {
      return .response(.error(400, "the path is not valid percent-encoded UTF-8"))
    }
    if path == "/", let token = request.parameters["token"] {
      guard WebSecurity.matches(token, secret: configuration.token) else { return .response(forbidden) }
      var response = WebResponse(status: 303, headers: ["Location": "/"])
      response.headers.add("Set-Cookie", WebSecurity.authCookie(configuration.token))
      return .response(response)
    }
    guard WebSecurity.hasToken(configuration.token, inCookies: head.headers.values(of: "Cookie")) else {
      return .response(forbidden)
    }
    if head.method == "POST", let refusal = postRefusal(head) { return .response(refusal) }
    return route(path, request)
  }

  /// The 403 page for a request without the token: it says where the address is.
  var forbidden: WebResponse {
    .page(
      403, title: "Open the address settings serve printed",
      message: "This page needs the address with its token that 'settings serve' printed when it started "
        + "(a server started again prints a new one).")
  }

  /// Why a `POST` is refused: not JSON, from another origin, or without the page's CSRF token.
  func postRefusal(_ head: HTTPRequestHead) -> WebResponse? {
    let type = head.headers["Content-Type"]?.split(separator: ";").first.map {
      String($0).trimmingHTTPWhitespace().lowercased()
    }
    guard type == "application/json" else { return .error(403, "a change must be sent as application/json") }
    guard let host = head.headers["Host"], head.headers["Origin"] == "http://" + host else {
      return .error(403, "a change must come from this server's own page (Origin)")
    }
    guard let csrf = head.headers[WebSecurity.csrfHeader],
      WebSecurity.matches(csrf, secret: configuration.csrfToken)
    else { return .error(403, "a change must carry the page's \(WebSecurity.csrfHeader) header") }
    return nil
  }

  /// The query parameters each `/api` route takes (docs/WEB-API.md); any other is refused.
  static let queryNames: [String: [String]] = [
    "/api/document": [], "/api/page": ["key", "focus"], "/api/more": ["page", "section", "offset"],
    "/api/section": ["page", "section"], "/api/search": ["q"], "/api/row": ["key"], "/api/modified": [],
    "/api/dump": [], "/api/history": ["limit"], "/api/events": ["after"], "/api/set": [], "/api/reset": [],
    "/api/reveal": [], "/api/undo": [], "/api/list": ["key"], "/api/edit": [],
  ]

  /// The route for an authenticated request.
  func route(_ path: String, _ request: WebRequest) -> WebReply {
    let isPost = request.head.method == "POST"
    let view = view(for: request)
    typealias Get = (WebQuery) throws(WebQuery.Refusal) -> WebResponse
    let gets: [String: Get] = [
      "/api/document": { _ in self.documentResponse(view) },
      "/api/page": { query throws(WebQuery.Refusal) in try self.pageResponse(query, view) },
      "/api/more": { query throws(WebQuery.Refusal) in try self.moreResponse(query, view) },
      "/api/section": { query throws(WebQuery.Refusal) in try self.sectionResponse(query, view) },
      "/api/search": { query throws(WebQuery.Refusal) in try self.searchResponse(query, view) },
      "/api/row": { query throws(WebQuery.Refusal) in try self.rowResponse(query, view) },
      "/api/modified": { _ in self.modifiedResponse(view) }, "/api/dump": { _ in self.dumpResponse() },
      "/api/history": { query throws(WebQuery.Refusal) in try self.historyResponse(query, view) },
      "/api/list": { query throws(WebQuery.Refusal) in try self.listResponse(query, view) },
    ]
    let posts: [String: (JSONValue, WebView) -> WebResponse] = [
      "/api/set": setResponse, "/api/reset": resetResponse, "/api/reveal": revealResponse,
      "/api/undo": undoResponse, "/api/edit": listChangeResponse,
    ]
    if path == "/api/events" {
      guard request.head.method == "GET" else {
        var response = notAllowed("GET")
        response.headers.set("Allow", "GET")
        return .response(response)
      }
      return checkingQuery(path, request) { query throws(WebQuery.Refusal) in
        let after = try query.integer("after", expected: "an event's id, a whole number from 0")
        return .events(log: log, after: request.head.headers["Last-Event-ID"].flatMap { Int($0) } ?? after)
      }
    }
    if let get = gets[path] {
      guard !isPost else { return .response(notAllowed("GET")) }
      return checkingQuery(path, request) { query throws(WebQuery.Refusal) in .response(try get(query)) }
    }
    if let post = posts[path] {
      guard isPost else { return .response(notAllowed("POST")) }
      return checkingQuery(path, request) { _ in
        guard let body = try? JSONParser().parse(request.body), case .object = body.kind else {
          return .response(.error(400, "the body is not a JSON object"))
        }
        return .response(post(body, view))
      }
    }
    guard !isPost else { return .response(notAllowed("GET")) }
    if path == "/" || path.hasPrefix("/page/") { return .response(htmlPage("index.html", view)) }
    if path == "/history" { return .response(htmlPage("history.html", view)) }
    let name = String(path.dropFirst())
    // A page's HTML has placeholders: it is served only at its own address, filled in.
    if let asset = configuration.assets.first(where: { $0.name == name }), !name.hasSuffix(".html") {
      return .response(
        WebResponse(status: 200, headers: ["Content-Type": asset.contentType], body: Array(asset.text.utf8)))
    }
    return .response(.page(404, title: "Not found", message: "Nothing is served at this address."))
  }

  /// `answer` to the request's query checked against what the `/api` route `path` takes; a 400
  /// with the refusal's message when the query, or a value `answer` reads from it, is refused.
  func checkingQuery(
    _ path: String, _ request: WebRequest, _ answer: (WebQuery) throws(WebQuery.Refusal) -> WebReply
  ) -> WebReply {
    do throws(WebQuery.Refusal) {
      let query = try WebQuery(request.head.query, route: path, accepting: Self.queryNames[path] ?? [])
      return try answer(query)
    } catch {
      return .response(.error(400, error.message))
    }
  }

  /// 405 with the method the path takes.
  func notAllowed(_ method: String) -> WebResponse {
    var response = WebResponse.error(405, "this address takes \(method) only")
    response.headers.add("Allow", method == "GET" ? "GET, HEAD" : method)
    return response
  }

  /// The page `name` (`index.html`, `history.html`) with the CSRF token, language and direction put in.
  func htmlPage(_ name: String, _ view: WebView) -> WebResponse {
    let template = configuration.assets.first { $0.name == name }?.text ?? ""
    let html =
      template.replacing("%CSRF_TOKEN%", with: configuration.csrfToken)
      .replacing("%LANG%", with: WebResponse.escapedHTML(view.language))
      .replacing("%DIR%", with: view.direction)
    return WebResponse(
      status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
  }
}
