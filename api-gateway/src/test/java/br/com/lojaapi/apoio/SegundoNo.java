package br.com.lojaapi.apoio;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Map;

/**
 * A second node for the tests of one class ({@code @RegisterExtension static final SegundoNo segundo = ...}),
 * started before the first test and stopped after the last, on the same database as the first node.
 */
public final class SegundoNo implements BeforeAllCallback, AfterAllCallback {

    private final Map<String, Object> propriedades;
    private OutroNo no;

    public SegundoNo(Map<String, Object> propriedades) {
        this.propriedades = Map.copyOf(propriedades);
    }

    /** With the first node's quotas ({@link OutroNo#SEM_LIMITES}). */
    public static SegundoNo semLimites() {
        return new SegundoNo(OutroNo.SEM_LIMITES);
    }

    @Override
    public void beforeAll(ExtensionContext contexto) {
        no = OutroNo.iniciar(propriedades);
    }

    @Override
    public void afterAll(ExtensionContext contexto) {
        if (no != null) {
            no.close();
        }
    }

    public ClienteHttp cliente() {
        return no.cliente();
    }
}
