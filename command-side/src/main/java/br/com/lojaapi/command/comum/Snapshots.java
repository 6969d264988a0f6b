package br.com.lojaapi.command.comum;

/** Bean names of the snapshot triggers aggregates refer to; the application defines the beans. */
public final class Snapshots {

    public static final String PRODUTO = "gatilhoDeSnapshotDeProduto";

    private Snapshots() {
    }
}
