// The share page: send the settle-up picture to a chat with the phone's share sheet
// (Web Share API with files), where the browser offers it; otherwise the button stays
// hidden and "Save the picture" downloads it.

const button = document.getElementById("share-image");

async function picture() {
  const answer = await fetch(button.dataset.src, {credentials: "same-origin"});
  const blob = await answer.blob();
  return new File([blob], "settle-up.png", {type: "image/png"});
}

if (button && navigator.canShare && navigator.canShare({files: [new File([""], "x.png", {type: "image/png"})]})) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.share({files: [await picture()], title: button.dataset.title});
    } catch (error) {
      // The person closed the share sheet: nothing to do.
      if (error.name !== "AbortError") throw error;
    }
  });
}
