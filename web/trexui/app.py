from pyscript import document, window

async def start():
    app = document.getElementById("app")
    app.innerHTML = "<p>stub</p>"
    app.hidden = False
    document.body.dataset.state = "ready"
    window.trexLoader.ready()
