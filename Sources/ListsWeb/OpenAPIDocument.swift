import Foundation

/// The OpenAPI 3.1 document of the JSON API, served at `/api/v1/openapi.json`.
///
/// Written next to the routes it describes; a test checks every response the API tests receive against it,
/// so that it stays true.
enum OpenAPIDocument {
    /// The document's bytes.
    static let bytes: [UInt8] = Array(text.utf8)

    /// The document as JSON text.
    static let text = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Lists",
            "version": "1.0.0",
            "description": "The JSON API of Lists: the BirdWatching, iTahDoodle and Shopping List tutorials as one self-hosted app. Errors are {\"error\": {\"code\", \"message\", \"field\"}}; a 5xx is a bug."
          },
          "servers": [{"url": "/"}],
          "paths": {
            "/healthz": {
              "get": {
                "operationId": "health",
                "summary": "Whether the server answers.",
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}
                  }
                }
              }
            },
            "/api/v1/openapi.json": {
              "get": {
                "operationId": "openapi",
                "summary": "This document.",
                "responses": {
                  "200": {
                    "description": "The OpenAPI 3.1 document.",
                    "content": {"application/json": {"schema": {"type": "object"}}}
                  }
                }
              }
            },
            "/api/v1/revision": {
              "get": {
                "operationId": "revision",
                "summary": "A number that grows with every change to any record; pages poll it for live updates.",
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Revision"}}}
                  }
                }
              }
            },
            "/api/v1/shopping-list": {
              "get": {
                "operationId": "shoppingList",
                "summary": "The items on the shopping list, in catalog order, and the exact total of their prices.",
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ShoppingList"}}}
                  }
                }
              }
            },
            "/api/v1/items": {
              "get": {
                "operationId": "listItems",
                "tags": ["Shopping"],
                "summary": "The items in list order, a page at a time.",
                "parameters": [{"$ref": "#/components/parameters/Limit"}, {"$ref": "#/components/parameters/Cursor"}],
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ItemCollection"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"}
                }
              },
              "post": {
                "operationId": "addItem",
                "tags": ["Shopping"],
                "summary": "Adds a item at the end of the list.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ItemInput"}}}
                },
                "responses": {
                  "201": {
                    "description": "Created",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      },
                      "Location": {"description": "The new record's URL.", "schema": {"type": "string"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Invalid"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            },
            "/api/v1/items/{id}": {
              "parameters": [{"$ref": "#/components/parameters/Id"}],
              "get": {
                "operationId": "getItem",
                "tags": ["Shopping"],
                "summary": "One item.",
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "patch": {
                "operationId": "editItem",
                "tags": ["Shopping"],
                "summary": "Changes some of a item's fields.",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ItemPatch"}}}
                },
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Invalid"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              },
              "delete": {
                "operationId": "deleteItem",
                "tags": ["Shopping"],
                "summary": "Deletes a item.",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {
                  "204": {"description": "Deleted."},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            },
            "/api/v1/tasks": {
              "get": {
                "operationId": "listTasks",
                "tags": ["To-Do"],
                "summary": "The tasks in list order, a page at a time.",
                "parameters": [{"$ref": "#/components/parameters/Limit"}, {"$ref": "#/components/parameters/Cursor"}],
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TaskCollection"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"}
                }
              },
              "post": {
                "operationId": "addTask",
                "tags": ["To-Do"],
                "summary": "Adds a task at the end of the list.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TaskInput"}}}
                },
                "responses": {
                  "201": {
                    "description": "Created",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Task"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      },
                      "Location": {"description": "The new record's URL.", "schema": {"type": "string"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Invalid"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            },
            "/api/v1/tasks/{id}": {
              "parameters": [{"$ref": "#/components/parameters/Id"}],
              "get": {
                "operationId": "getTask",
                "tags": ["To-Do"],
                "summary": "One task.",
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Task"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "patch": {
                "operationId": "editTask",
                "tags": ["To-Do"],
                "summary": "Changes some of a task's fields.",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TaskPatch"}}}
                },
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Task"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Invalid"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              },
              "delete": {
                "operationId": "deleteTask",
                "tags": ["To-Do"],
                "summary": "Deletes a task.",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {
                  "204": {"description": "Deleted."},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            },
            "/api/v1/sightings": {
              "get": {
                "operationId": "listSightings",
                "tags": ["Bird Sightings"],
                "summary": "The sightings in list order, a page at a time.",
                "parameters": [{"$ref": "#/components/parameters/Limit"}, {"$ref": "#/components/parameters/Cursor"}],
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SightingCollection"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"}
                }
              },
              "post": {
                "operationId": "addSighting",
                "tags": ["Bird Sightings"],
                "summary": "Adds a sighting at the end of the list.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SightingInput"}}}
                },
                "responses": {
                  "201": {
                    "description": "Created",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sighting"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      },
                      "Location": {"description": "The new record's URL.", "schema": {"type": "string"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Invalid"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            },
            "/api/v1/sightings/{id}": {
              "parameters": [{"$ref": "#/components/parameters/Id"}],
              "get": {
                "operationId": "getSighting",
                "tags": ["Bird Sightings"],
                "summary": "One sighting.",
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sighting"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "patch": {
                "operationId": "editSighting",
                "tags": ["Bird Sightings"],
                "summary": "Changes some of a sighting's fields.",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SightingPatch"}}}
                },
                "responses": {
                  "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sighting"}}},
                    "headers": {
                      "ETag": {
                        "description": "The record's version, quoted, for If-Match.",
                        "schema": {"type": "string"}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Invalid"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              },
              "delete": {
                "operationId": "deleteSighting",
                "tags": ["Bird Sightings"],
                "summary": "Deletes a sighting.",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {
                  "204": {"description": "Deleted."},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            },
            "/api/v1/export": {
              "get": {
                "operationId": "export",
                "tags": ["Data"],
                "summary": "Everything in one format, as a download: lists-json (the lossless backup of all three apps) or another program's format.",
                "parameters": [
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "enum": ["lists-json", "taskwarrior", "todo-txt", "data-td", "shopping-csv", "ebird"],
                      "default": "lists-json"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The file.",
                    "content": {
                      "application/json": {"schema": {}},
                      "text/csv": {"schema": {"type": "string"}},
                      "text/plain": {"schema": {"type": "string"}},
                      "application/xml": {"schema": {"type": "string"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"}
                }
              }
            },
            "/api/v1/import": {
              "post": {
                "operationId": "import",
                "tags": ["Data"],
                "summary": "Adds the records of a file sent as the body, all or nothing; the format is detected unless given. Up to 100 MB.",
                "parameters": [
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "enum": [
                        "lists-json",
                        "items-plist",
                        "seed-plist",
                        "data-td",
                        "taskwarrior",
                        "todo-txt",
                        "shopping-csv",
                        "ebird"
                      ]
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}
                },
                "responses": {
                  "200": {
                    "description": "What changed.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ImportSummary"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {
                    "description": "The file cannot be imported; the message names the line or record and the field. Nothing was imported.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  },
                  "503": {"$ref": "#/components/responses/Busy"}
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Item": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "createdAt", "updatedAt", "version", "name", "price", "inShoppingList"],
                "properties": {
                  "id": {
                    "type": "string",
                    "format": "uuid",
                    "pattern": "^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$",
                    "description": "Upper-case hyphenated UUID, as the tutorials wrote it."
                  },
                  "createdAt": {"type": "string", "format": "date-time"},
                  "updatedAt": {"type": "string", "format": "date-time"},
                  "version": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Grows by one on every change; send it back in If-Match."
                  },
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "price": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000000,
                    "description": "Exact, at most two decimals."
                  },
                  "inShoppingList": {"type": "boolean"}
                }
              },
              "ItemInput": {
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "properties": {
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "price": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000000,
                    "description": "Exact, at most two decimals."
                  },
                  "inShoppingList": {"type": "boolean", "default": false}
                }
              },
              "ItemPatch": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "price": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000000,
                    "description": "Exact, at most two decimals."
                  },
                  "inShoppingList": {"type": "boolean"}
                }
              },
              "Task": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "createdAt", "updatedAt", "version", "title", "done"],
                "properties": {
                  "id": {
                    "type": "string",
                    "format": "uuid",
                    "pattern": "^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$",
                    "description": "Upper-case hyphenated UUID, as the tutorials wrote it."
                  },
                  "createdAt": {"type": "string", "format": "date-time"},
                  "updatedAt": {"type": "string", "format": "date-time"},
                  "version": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Grows by one on every change; send it back in If-Match."
                  },
                  "taskwarrior": {
                    "type": "object",
                    "description": "Kept for export: Taskwarrior's attributes, or the todo.txt line under todo.txt."
                  },
                  "title": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "done": {"type": "boolean"}
                }
              },
              "TaskInput": {
                "type": "object",
                "additionalProperties": false,
                "required": ["title"],
                "properties": {
                  "title": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "done": {"type": "boolean", "default": false}
                }
              },
              "TaskPatch": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "title": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "done": {"type": "boolean"}
                }
              },
              "Sighting": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "createdAt", "updatedAt", "version", "name", "location", "date"],
                "properties": {
                  "id": {
                    "type": "string",
                    "format": "uuid",
                    "pattern": "^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$",
                    "description": "Upper-case hyphenated UUID, as the tutorials wrote it."
                  },
                  "createdAt": {"type": "string", "format": "date-time"},
                  "updatedAt": {"type": "string", "format": "date-time"},
                  "version": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Grows by one on every change; send it back in If-Match."
                  },
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "location": {
                    "type": ["string", "null"],
                    "maxLength": 2000,
                    "description": "Up to 200 characters; null or empty means none."
                  },
                  "date": {"type": "string", "format": "date-time"},
                  "count": {
                    "type": ["integer", "string", "null"],
                    "description": "How many: 1 to 1000000, or \"X\" for present but not counted.",
                    "minimum": 1,
                    "maximum": 1000000
                  },
                  "scientificName": {"type": ["string", "null"], "maxLength": 2000},
                  "latitude": {"type": ["number", "null"], "minimum": -90, "maximum": 90},
                  "longitude": {"type": ["number", "null"], "minimum": -180, "maximum": 180},
                  "comments": {"type": ["string", "null"], "maxLength": 2000}
                }
              },
              "SightingInput": {
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "properties": {
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "location": {
                    "type": ["string", "null"],
                    "maxLength": 2000,
                    "description": "Up to 200 characters; null or empty means none."
                  },
                  "date": {
                    "type": "string",
                    "format": "date-time",
                    "description": "Defaults to now; from 1800 to tomorrow."
                  },
                  "count": {
                    "type": ["integer", "string", "null"],
                    "description": "How many: 1 to 1000000, or \"X\" for present but not counted.",
                    "minimum": 1,
                    "maximum": 1000000
                  },
                  "scientificName": {"type": ["string", "null"], "maxLength": 2000},
                  "latitude": {"type": ["number", "null"], "minimum": -90, "maximum": 90},
                  "longitude": {"type": ["number", "null"], "minimum": -180, "maximum": 180},
                  "comments": {"type": ["string", "null"], "maxLength": 2000}
                }
              },
              "SightingPatch": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "Trimmed; 1 to 200 characters; no control characters."
                  },
                  "location": {
                    "type": ["string", "null"],
                    "maxLength": 2000,
                    "description": "Up to 200 characters; null or empty means none."
                  },
                  "date": {"type": "string", "format": "date-time"},
                  "count": {
                    "type": ["integer", "string", "null"],
                    "description": "How many: 1 to 1000000, or \"X\" for present but not counted.",
                    "minimum": 1,
                    "maximum": 1000000
                  },
                  "scientificName": {"type": ["string", "null"], "maxLength": 2000},
                  "latitude": {"type": ["number", "null"], "minimum": -90, "maximum": 90},
                  "longitude": {"type": ["number", "null"], "minimum": -180, "maximum": 180},
                  "comments": {"type": ["string", "null"], "maxLength": 2000}
                }
              },
              "ItemCollection": {
                "type": "object",
                "additionalProperties": false,
                "required": ["items", "nextCursor"],
                "properties": {
                  "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
                  "nextCursor": {"type": ["string", "null"]}
                }
              },
              "TaskCollection": {
                "type": "object",
                "additionalProperties": false,
                "required": ["tasks", "nextCursor"],
                "properties": {
                  "tasks": {"type": "array", "items": {"$ref": "#/components/schemas/Task"}},
                  "nextCursor": {"type": ["string", "null"]}
                }
              },
              "SightingCollection": {
                "type": "object",
                "additionalProperties": false,
                "required": ["sightings", "nextCursor"],
                "properties": {
                  "sightings": {"type": "array", "items": {"$ref": "#/components/schemas/Sighting"}},
                  "nextCursor": {"type": ["string", "null"]}
                }
              },
              "ShoppingList": {
                "type": "object",
                "additionalProperties": false,
                "required": ["items", "total"],
                "properties": {
                  "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
                  "total": {"type": "number", "minimum": 0}
                }
              },
              "Revision": {
                "type": "object",
                "additionalProperties": false,
                "required": ["revision"],
                "properties": {"revision": {"type": "integer", "minimum": 0}}
              },
              "Health": {
                "type": "object",
                "additionalProperties": false,
                "required": ["status"],
                "properties": {"status": {"type": "string", "enum": ["ok"]}}
              },
              "Error": {
                "type": "object",
                "additionalProperties": false,
                "required": ["error"],
                "properties": {
                  "error": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["code", "message"],
                    "properties": {
                      "code": {"type": "string"},
                      "message": {"type": "string"},
                      "field": {"type": "string"}
                    }
                  }
                }
              },
              "ImportSummary": {
                "type": "object",
                "additionalProperties": false,
                "required": ["format", "added", "updated", "unchanged"],
                "properties": {
                  "format": {"type": "string"},
                  "added": {"type": "integer", "minimum": 0},
                  "updated": {"type": "integer", "minimum": 0},
                  "unchanged": {"type": "integer", "minimum": 0}
                }
              }
            },
            "responses": {
              "BadRequest": {
                "description": "The request is malformed: not JSON, a bad parameter, a malformed id or If-Match.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "NotFound": {
                "description": "No record has that id.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "PreconditionFailed": {
                "description": "The record's version is not the one If-Match names: it changed meanwhile.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "TooLarge": {
                "description": "The body is over 64 KiB.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "UnsupportedMediaType": {
                "description": "The body is not sent as application/json.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Invalid": {
                "description": "A field is unknown, of the wrong type or not allowed; `field` names it.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Busy": {
                "description": "The database cannot answer now: it stayed busy (code busy), or its server cannot be reached or the connection to it broke (code database_unavailable; the message says whether the change may have been saved); retry after a second.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Forbidden": {
                "description": "Sent from another site (Origin or Sec-Fetch-Site); nothing was changed.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            },
            "parameters": {
              "Id": {"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}},
              "Limit": {
                "name": "limit",
                "in": "query",
                "required": false,
                "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 1000}
              },
              "Cursor": {
                "name": "cursor",
                "in": "query",
                "required": false,
                "schema": {"type": "string"},
                "description": "A nextCursor from the previous page."
              },
              "IfMatch": {
                "name": "If-Match",
                "in": "header",
                "required": false,
                "schema": {"type": "string"},
                "description": "The version the change is meant for, as the ETag gave it: \"3\". A different current version answers 412."
              }
            }
          }
        }
        """#
}
