package br.com.lojaapi.query.rotulo;

/** The paper a PDF of labels is laid out for. */
public enum TamanhoDoRotulo {
    /** One 100 x 150 mm label per page, the size of thermal label printers. */
    DEZ_POR_QUINZE,
    /** Four labels per A4 sheet with cut lines, for stores that print on plain office paper. */
    A4
}
