// The portal asked for the sign-out itself, so the confirmation is submitted without a second click.
const confirm = document.querySelector('#logout-confirm[data-auto-confirm]');
if (confirm) confirm.click();
