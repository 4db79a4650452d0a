# The consoles (kernel/console/): the framebuffer text console, drawn with
# the generated font (mk/kernel.mk), which its objects need before they compile.
UNIT_TESTS += test_fb_console
test_fb_console_SRCS := tests/unit/console/test_fb_console.c kernel/console/fb_console.c \
	kernel/console/text_grid.c
# The cursor, wrap and scroll both screen consoles (framebuffer, VGA text) share.
UNIT_TESTS += test_text_grid
test_text_grid_SRCS := tests/unit/console/test_text_grid.c kernel/console/text_grid.c
$(BUILD)/host/obj/tests/unit/console/test_fb_console.o $(BUILD)/host/obj/kernel/console/fb_console.o: \
	$(BUILD)/gen/font_glyphs.h
# A PCI UART's BAR0 from configuration space (console=pci,BB:DD.F).
UNIT_TESTS += test_pci_uart
test_pci_uart_SRCS := tests/unit/console/test_pci_uart.c kernel/console/pci_uart.c
# The screen's reading of the stream and its pages (80x25 and larger).
UNIT_TESTS += test_screen_layout
test_screen_layout_SRCS := tests/unit/console/test_screen_layout.c kernel/console/screen_model.c \
                           kernel/console/screen_layout.c kernel/console/eta.c
# The time a run has left: the samples' rate bounded by the budget.
UNIT_TESTS += test_eta
test_eta_SRCS := tests/unit/console/test_eta.c kernel/console/eta.c
